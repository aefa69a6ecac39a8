#!/usr/bin/python3
# tests/tools/validate-scenarios.py SCHEMA SCENARIO... - validate each scenario
# against the JSON Schema with a standard validator (Debian: python3-jsonschema),
# not the project's own loader: the schema must say what the program reads.
# Prints one line per scenario that fails, with the JSON path and the reason;
# exit 1 if any failed, 0 if all passed.
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
cls = jsonschema.validators.validator_for(schema)
cls.check_schema(schema)
validator = cls(schema)
bad = 0
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    for err in validator.iter_errors(doc):
        bad += 1
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        print(f"{path}: {where}: {err.message}")
print(f"validated {len(sys.argv) - 2} scenarios with {cls.__name__}: {bad} errors")
sys.exit(1 if bad else 0)
