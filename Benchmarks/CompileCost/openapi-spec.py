#!/usr/bin/env python3
"""Writes an OpenAPI 3.0 document with the same shapes as .ci/synthetic-spec.py, for swift-openapi-generator.

usage: python3 Benchmarks/CompileCost/openapi-spec.py N OUTPUT.json

The mirror of .ci/synthetic-spec.py, shape for shape:
  - `Level`: a string enum of five values ("0" to "4");
  - `TypeI` (N of them): an object of eight optional properties: id (integer), name (string), score (number),
    active (boolean), level (a reference to Level), tags (array of string), next (a reference to the next
    type), previous (an array of the previous type); the two described properties keep their descriptions;
  - `interfaceI` (N operations): GET for even I, POST for odd I, on /itemsI/{id}; inputs id (path), query and
    page (query parameters for GET; a JSON body of the two for POST, as the native client sends a POST's
    inputs in its body); a constant `X-Client: bench` header (a one-value enum) and an optional
    `X-Authorization` header (the generator, as OpenAPI says, ignores a header parameter named
    `Authorization`; the native spec's variable `Authorization` header is a property, so the mirror
    takes a name the peer keeps); one 200 JSON response by rule I % 3, as the native spec's:
      0: `{ "item": TypeI }` (an `outputs` of one model: the response is unwrapped at a key),
      1: `{ "code", "message", "result": [TypeI] }` (the `Envelope` with its `Variable` bound),
      2: `TypeI` (an imported whole type).
OpenAPI has no generic envelope, so rules 0 and 1 are inline response schemas: the peer generates a nested
type for each, where the native generator names the key path instead.
"""
import json
import sys

n = int(sys.argv[1])
ref = lambda name: {"$ref": f"#/components/schemas/{name}"}

schemas = {"Level": {"type": "string", "enum": [str(i) for i in range(5)], "description": "Level."}}
for i in range(n):
    schemas[f"Type{i}"] = {
        "type": "object",
        "description": f"Synthetic type {i}.",
        "properties": {
            "id": {"type": "integer", "format": "int64", "description": "Identifier."},
            "name": {"type": "string", "description": "Name."},
            "score": {"type": "number", "format": "double"},
            "active": {"type": "boolean"},
            "level": ref("Level"),
            "tags": {"type": "array", "items": {"type": "string"}},
            "next": ref(f"Type{(i + 1) % n}"),
            "previous": {"type": "array", "items": ref(f"Type{(i - 1) % n}")},
        },
    }

paths = {}
for i in range(n):
    rule = i % 3
    get = i % 2 == 0
    parameters = [
        {"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}},
        {"name": "X-Client", "in": "header", "required": True, "schema": {"type": "string", "enum": ["bench"]}},
        {"name": "X-Authorization", "in": "header", "required": False, "schema": {"type": "string"}},
    ]
    inputs = {"query": {"type": "string"}, "page": {"type": "integer", "format": "int64"}}
    operation = {"operationId": f"interface{i}", "description": f"Synthetic interface {i}.", "parameters": parameters}
    if get:
        parameters += [{"name": name, "in": "query", "required": False, "schema": schema} for name, schema in inputs.items()]
    else:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object", "properties": inputs}}},
        }
    if rule == 0:
        body = {"type": "object", "properties": {"item": ref(f"Type{i}")}}
    elif rule == 1:
        body = {
            "type": "object",
            "properties": {
                "code": {"type": "integer", "format": "int64"},
                "message": {"type": "string"},
                "result": {"type": "array", "items": ref(f"Type{i}")},
            },
        }
    else:
        body = ref(f"Type{i}")
    operation["responses"] = {"200": {"description": "OK.", "content": {"application/json": {"schema": body}}}}
    paths[f"/items{i}/{{id}}"] = {"get" if get else "post": operation}

document = {
    "openapi": "3.0.3",
    "info": {"title": "Synthetic", "version": "1.0.0"},
    "paths": paths,
    "components": {"schemas": schemas},
}
json.dump(document, open(sys.argv[2], "w"), indent=1)
