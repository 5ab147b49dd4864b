#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target from the test data
(../tests/data): every real-world and conformance schema
for parse_and_lint and convert; each accepted conformance case's schema
and data for validate and export; every pattern in them, with a test
string, for pattern; and, for stream, texts for its fixed schemas
(written here) cut in a few ways; for repair, malformed calls of every
kind for the same schemas.
Run from fuzz/: python3 seed.py (or python3 seed.py stream, or repair,
for that target alone). libFuzzer grows the corpus from there; `cargo fuzz cmin`
keeps it small before it is committed."""
import glob, hashlib, json, os, sys

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

# stream: a schema (one byte: the index of a fixed schema of
# pedelec_testdata::fuzz::stream_schemas, none for the first; or a
# schema's text), NUL, the
# text, NUL, the cuts (each byte a piece's length; none: one character at
# a time).
CUTS = [b"", b"\x01", b"\x03\x07", b"\xff", b"\x02\x01\x05", b"\x10"]
TWENTY = ('{"field_00": "a name", "field_02": "low", "field_04": ["a-1", "b_2"], '
          '"field_06": 999, "field_08": true, "field_10": "x", "field_12": "high", '
          '"field_14": [], "field_16": 0, "field_18": false, "field_01": 5, "field_03": false}')
STREAM = [
    (0, '{}'), (0, ' {"x": [1, {"y": "\U0001F432\\u00e9\\ud83d\\udc32"}], "z": -0.0}\n'),
    (0, '{"x": "\\ud800"}'), (0, '{"a": 1, "a": [2]}'), (0, '{"x": [1, 2'),
    (0, '{"x": 1e400, "y": 1e308, "z": 18446744073709551616}'),
    (0, '{"x": ' + "[" * 127 + "]" * 127 + '}'), (0, '{"x": "a\tb"}'), (0, '[1]'),
    (0, '{"x": tru}'), (0, '{"x": 1,}'), (0, '{} {}'),
    (1, '{"delta": 3}'), (1, '{"delta": 99}'), (1, '{"delta": 3, "delta": 4}'),
    (1, '{"delta": 3.0e0}'), (1, '{}'), (1, '{"delta": "3"}'),
    (2, '{"mode": "append", "name": "abc", "text": "hi\\n"}'), (2, '{"mode": "apx"}'),
    (2, '{"mode": "app"}'), (2, '{"mode": "append", "name": "ABC"}'),
    (2, '{"name": "abcdefghij", "mode": "overwrite"}'),
    (3, '{"tags": ["a", "b"], "grid": [[0, 1.5], []]}'), (3, '{"tags": []}'),
    (3, '{"tags": ["a", "a"]}'), (3, '{"tags": ["a", "b", "c", "d"]}'), (3, '{"grid": [[-1]]}'),
    (3, '{"tags": ["abcd"]}'),
    (4, '{"size": "small", "shape": {"kind": "circle", "radius": 2}}'), (4, '{"size": 100}'),
    (4, '{"size": "medium"}'), (4, '{"shape": {"kind": "rect", "w": 3}}'),
    (4, '{"shape": {"kind": "circle"}}'), (4, '{"shape": {"kind": "rect", "kind": "rect"}}'),
    (5, '{"a": {"b": true, "c": {"d": "12x"}}, "n": 1e300}'), (5, '{"a": {"c": {"d": "x"}}}'),
    (5, '{"a": {"b": false}}'), (5, '{"n": 1e301}'),
    (6, TWENTY), (6, TWENTY.replace('"low"', '"urgent"')),
    (7, '{"records": [{"id": 1, "label": "a", "score": 0.5}, {"id": 2, "label": "b"}]}'),
    (7, '{"records": [{"id": -1, "label": "x"}]}'),
]
SCHEMA_TEXTS = [
    ('{"type": "object", "properties": {"p": {"type": "string", "pattern": "^[0-9]+$", "maxLength": 4}}}',
     ['{"p": "12"}', '{"p": "12a"}', '{"p": "12345"}']),
    ('{"type": "object", "properties": {"v": {"oneOf": [{"type": "array", "items": {"type": "integer"}, '
     '"maxItems": 2, "uniqueItems": true}, {"type": "boolean"}]}}, "required": ["v"]}',
     ['{"v": [1, 2]}', '{"v": [1, 1]}', '{"v": [1, 2, 3]}', '{"v": true}', '{"v": null}']),
]

# repair: one byte, the index of a fixed schema of
# pedelec_testdata::fuzz::stream_schemas, then the text of a call as a
# model might write it - each kind of repair, and what each must refuse.
REPAIR = [
    (0, ''), (0, 'null'), (0, '""'), (0, '  \n'), (0, "{'x': 'it\\'s', 'y': None,}"),
    (0, '["x": 1, "y": [1, 2,]]'), (0, '{"x": 1}, "y": 2}'), (0, '{"a": 1} {"b": 2}'),
    (1, "{'delta': 3}"), (1, '{delta: 3,}'), (1, '```json\n{"delta": -4}\n```'),
    (1, 'Here are the arguments: {"delta": 7} Thanks.'), (1, '{"delta": 3}}]'),
    (1, '{"delta": None}'), (1, '{"delta": 3'), (1, "{'delta': 3, 'del"), (1, ''),
    (1, '{"delta": 3, "delta": 4,}'), (1, '{dleta: 3}'),
    (2, "{'mode': 'append', 'text': 'say \"hi\"\\n'}"), (2, '{"mode": "append", "text": "say "hi" now"}'),
    (2, '{"mode": "app", "text": "line one\nline two\ttab"}'), (2, '{mode: "overwrite", name: undefined}'),
    (2, '{"mode": "append", "text": "don\\\'t"}'), (2, "{'mode': 'append', 'text': '\\d+'}"),
    (2, "{'mode': 'append', 'text': 'unended"), (2, '{"mode": "append", "text": "a", }'),
    (2, '{"mode": True}'), (2, "{'mode': 'append', 'name': 'ab', 'text': 'x' 'y'}"),
    (3, "{'tags': ['a', 'b',], 'grid': [[0, 1.5,], [],],}"), (3, '{"tags": [\'a\', "b"]}'),
    (3, '{"tags": ["a", "b"'), (3, '{"grid": [[1, 2], [3'), (3, "{'tags': ['it\\'s']}"),
    (3, '["tags": ["a"]]'), (3, '{"grid": [[-0.0, 1e2,]]}'),
    (4, "{'size': 'small', 'shape': {'kind': 'circle', 'radius': 2,},}"),
    (4, '{size: 12, shape: {kind: "rect", w: 3}}'), (4, '{"shape": {"kind": "rect", "w": None}}'),
    (4, '{"shape": {"kind": "circle", "radius": None}}'), (4, '{"size": "large"'),
    (5, '{"a": {"b": True, "c": {"d": \'12x\'}}, "n": 1e300}'), (5, '{a: {b: False}}'),
    (5, '{"a": {"c": {"d": "12"}, "b": true,}}'), (5, '```\n{"a": {"b": True}}\n```\n'),
    (5, '{"n": 1e301,}'), (5, '{"a": {"b": Tr'),
    (6, "{'field_00': 'a name', 'field_02': 'low', 'field_04': ['a-1',], 'field_06': 999, "
        "'field_08': True, 'field_10': 'x', 'field_12': 'high', 'field_14': [], 'field_16': 0, "
        "'field_18': False, 'field_03': None}"),
    (6, '{field_00: "n", field_02: "low", field_04: [], field_06: 1, field_08: False, '
        'field_10: "x", field_12: "medium", field_14: [], field_16: 2, field_18: True,}'),
    (6, '{"field_00": "a name", "field_02": "low"'),
    (7, "{'records': [{'id': 1, 'label': 'a', 'score': 0.5,}, {'id': 2, 'label': 'b\\'s'},],}"),
    (7, 'Sure! Here is the call:\n```json\n{"records": [{"id": 1, "label": "a"}]}\n```\nDone.'),
    (7, '{"records": [{"id": 1, "label": "a"}, {"id": 2, "lab'),
]

def write_repair():
    for schema, text in REPAIR:
        write("repair", bytes([schema]) + text.encode())

def write_stream():
    count = 0
    for schema, text in STREAM:
        head = bytes([schema]) if schema else b""
        write("stream", head + b"\0" + text.encode() + b"\0" + CUTS[count % len(CUTS)])
        count += 1
    for schema, texts in SCHEMA_TEXTS:
        for text in texts:
            write("stream", schema.encode() + b"\0" + text.encode() + b"\0" + CUTS[count % len(CUTS)])
            count += 1

if sys.argv[1:] == ["stream"]:
    write_stream()
    sys.exit()
if sys.argv[1:] == ["repair"]:
    write_repair()
    sys.exit()
write_stream()
write_repair()

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
