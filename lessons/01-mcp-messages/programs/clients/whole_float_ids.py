#!/usr/bin/env python3
"""CORRECT (client-ids): alt_client.py with its ids written as whole numbers
with a fraction: 1.0, 2.0, 3.0, ... The MCP schema's RequestId is a string
or a JSON Schema integer, and JSON Schema counts any number whose fraction
is zero as an integer, so these ids are valid, and 1.0 is the same id as 1.
Plain 1, 2, 3 are the better habit (some JSON libraries read 1.0 as a float
and no longer match it to 1); this form is legal and must pass. Everything
else is alt_client.py: a counter that only goes up, responses matched by id
and JSON type."""
import json
import sys

import alt_client


class WholeFloatIds(alt_client.Client):
    def new_id(self):
        candidate = float(next(self.counter))  # never reused: the counter only goes up
        self.used.add(self.key(candidate))
        return candidate


def main():
    client = WholeFloatIds("string")
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(client.handle(line), ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
