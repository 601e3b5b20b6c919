#!/usr/bin/env python3
"""WRONG (reserved-keys): right in every other way, but tests letters and digits with str.isalpha()/isalnum(), which accept any Unicode letter, so "café.example/x" passes as custom. The key grammar's letters and digits are ASCII (DNS labels; the name is [a-zA-Z0-9])."""
import json
import sys

TRACE = {"traceparent", "tracestate", "baggage"}


def is_label(label):
    if not label:
        return False
    # BUG: isalpha()/isalnum() say yes to é, ß, 中, ...
    return (label[0].isalpha() and label[-1].isalnum()
            and all(c.isalnum() or c == "-" for c in label))


def is_name(name):
    if not name:
        return True
    return (name[0].isalnum() and name[-1].isalnum()
            and all(c.isalnum() or c in "-_." for c in name))


def verdict(key):
    prefix, slash, name = key.partition("/")
    if not slash:
        prefix, name = None, key
    if not is_name(name):
        return "invalid"
    if prefix is None:
        if name in TRACE:
            return "trace-context"
        return "reserved" if name == "progressToken" else "unprefixed"
    labels = prefix.split(".")
    if not all(is_label(l) for l in labels):
        return "invalid"
    if len(labels) > 1 and labels[1].lower() in ("modelcontextprotocol", "mcp"):
        return "reserved"
    return "custom"


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        key = json.loads(line)
    except ValueError:
        key = None
    v = verdict(key) if isinstance(key, str) else "invalid"
    print(json.dumps({"key": key, "verdict": v}), flush=True)
