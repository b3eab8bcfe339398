#!/usr/bin/env python3
"""Validates Specs/htspec.schema.json itself and every native spec in the repository against it.

The generator is the authority on what a spec means; this check keeps the published schema (which
editors use to validate specs as people type) in step with the specs the tests use.
"""
import glob
import json
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "jsonschema"])
    import jsonschema

schema = json.load(open("Specs/htspec.schema.json", encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
config_schema = json.load(open("Specs/htcodegen.schema.json", encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(config_schema)
validator = jsonschema.Draft202012Validator(schema)

files = sorted(set(glob.glob("Specs/*.htspec.json") + glob.glob("Sources/**/*.htspec.json", recursive=True) + glob.glob("Tests/**/*.htspec.json", recursive=True)))
failed = 0
for path in files:
    errors = list(validator.iter_errors(json.load(open(path, encoding="utf-8"))))
    for error in errors:
        print(f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    failed += bool(errors)
print(f"{len(files) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
