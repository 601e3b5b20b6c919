"""Validates JSON instances against one definition of the official schema.json.

tests/it/schema.rs runs it with the Python of target/interop-venv, which has
python-jsonschema (pinned by .ci/setup): the reference implementation of JSON
Schema in Python, so the Rust build carries no validator crate.

    python schema_check.py path/to/schema.json

Each line on stdin is a JSON array [definition, instance]; each line on stdout
answers it with a JSON array of complaints (empty when the instance is valid).
"""

import json
import sys

from jsonschema import validators


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        root = json.load(f)
    # The class for the schema's own $schema (draft 2020-12 here).
    validator_class = validators.validator_for(root)
    validator_class.check_schema(root)
    compiled = {}
    for line in sys.stdin:
        definition, instance = json.loads(line)
        # The caller asks only for definitions schema.json has.
        validator = compiled.get(definition)
        if validator is None:
            schema = dict(root)
            schema["$ref"] = f"#/$defs/{definition}"
            validator = compiled[definition] = validator_class(schema)
        complaints = [
            f"at `{error.json_path}`: {error.message}"
            for error in validator.iter_errors(instance)
        ]
        print(json.dumps(complaints), flush=True)


if __name__ == "__main__":
    main()
