#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target from the test data
(../tests/data): every real-world and conformance schema
for parse_and_lint and convert; each accepted conformance case's schema
and data for validate and export; every pattern in them, with a test
string, for pattern.
Run from fuzz/: python3 seed.py. libFuzzer grows the corpus from there;
`cargo fuzz cmin` keeps it small before it is committed."""
import glob, hashlib, json, os

DATA = os.path.join("..", "tests", "data")

def write(target, data):
    folder = os.path.join("corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)

def patterns(node, out):
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str):
            out.add(node["pattern"])
        for value in node.values():
            patterns(value, out)
    elif isinstance(node, list):
        for value in node:
            patterns(value, out)

schemas = []
for path in sorted(glob.glob(os.path.join(DATA, "realworld", "*.json"))
                   + glob.glob(os.path.join(DATA, "realworld", "more", "*.json"))):
    for entry in json.load(open(path)):
        if isinstance(entry, dict) and "schema" in entry:
            schemas.append(entry["schema"])
accepted = json.load(open(os.path.join(DATA, "conformance", "accepted.json")))
rejected = json.load(open(os.path.join(DATA, "conformance", "rejected.json")))
schemas += [group["schema"] for group in accepted + rejected]

found = set()
for schema in schemas:
    write("parse_and_lint", json.dumps(schema, indent=1).encode())
    write("convert", json.dumps(schema).encode())
    patterns(schema, found)
for group in accepted:
    for test in group["tests"]:
        text = json.dumps(group["schema"]) + "\0" + json.dumps(test["data"])
        write("validate", text.encode())
        write("export", text.encode())
for source in sorted(found) + ["^(?<y>\\d{4})-\\p{Lu}[^]\\u{1F600}$", "[\\b]\\0\\cJ\\x41"]:
    write("pattern", (source + "\nabc 2026-Ab\U0001F600\n").encode())
print({t: len(os.listdir(os.path.join("corpus", t))) for t in os.listdir("corpus")})
