#!/usr/bin/env python3
"""CORRECT (cache-hints): every ttlMs is a whole number written with a fraction
or an exponent: `3600000.0` for the discovery result, `1.2e5` for the lists
and the opening hours, `0.0` for the caller's loans. JSON Schema, and so the
MCP schema's `"type": "integer"` for ttlMs, counts any number whose fraction
is zero as an integer: these are the integers 3600000, 120000 and 0. Plain
digits are the better habit (a client whose JSON library keeps floats apart
may stumble), but this form is legal and must pass. Everything else is the
correct server (cache_hints.py)."""
import json

import cache_hints as base

correct_ttl = base.ttl_for
plain_dumps = json.dumps


def ttl_for(method, params):
    return float(correct_ttl(method, params))  # 3600000.0, 120000.0, 0.0


def dumps(message, **options):
    # Python writes 120000.0; say it with an exponent instead, as some
    # languages' JSON writers do.
    return plain_dumps(message, **options).replace('"ttlMs": 120000.0', '"ttlMs": 1.2e5')


base.ttl_for = ttl_for
json.dumps = dumps
base.main()
