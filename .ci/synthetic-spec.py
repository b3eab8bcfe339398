#!/usr/bin/env python3
"""Writes a synthetic native spec with N types and N interfaces, for measuring the generator at scale.

usage: python3 .ci/synthetic-spec.py N OUTPUT.htspec.json

Every type has eight fields of mixed kinds (scalars, an enum, a reference to the next type, an array of
the previous type); every interface has inputs, a variable and a constant header, and one of the
response rules 1 to 3, so resolution, validation and rendering all do real work.
"""
import json
import sys

n = int(sys.argv[1])
types = {
    "Envelope": {"fields": {"code": "Integer", "message": "String", "result": "Variable"}},
    "Level": {"enum": [{"key": f"level{i}", "value": str(i), "description": f"Level {i}."} for i in range(5)]},
}
for i in range(n):
    types[f"Type{i}"] = {
        "description": f"Synthetic type {i}.",
        "fields": {
            "id": {"type": "Integer", "description": "Identifier."},
            "name": {"type": "String", "description": "Name."},
            "score": "Number",
            "active": "Boolean",
            "level": "Level",
            "tags": "[String]",
            "next": f"Type{(i + 1) % n}",
            "previous": f"[Type{(i - 1) % n}]",
        },
    }
interfaces = {}
for i in range(n):
    rule = i % 3
    interface = {
        "description": f"Synthetic interface {i}.",
        "method": "GET" if i % 2 == 0 else "POST",
        "path": f"/items{i}/:id",
        "inputs": {"id": "Integer", "query": "String", "page": "Integer"},
        "headers": {"X-Client": "bench", "Authorization": {}},
    }
    if rule == 0:
        interface["outputs"] = {"item": f"Type{i}"}
    elif rule == 1:
        interface["output"] = {"import": "Envelope", "bind": {"result": f"[Type{i}]"}}
    else:
        interface["output"] = f"Type{i}"
    interfaces[f"Interface{i}"] = interface
json.dump({"htspec": 1, "types": types, "interfaces": interfaces}, open(sys.argv[2], "w"), indent=1)
