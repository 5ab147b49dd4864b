"""Makes, through the Python package, every call of a case file that the
Rust test ``tests/js/main.rs`` wrote with the library's own answers, and
reports each answer that differs.

Two answers are the same when their JSON texts are (``json.dumps``, so
key order counts): the error documents, changes and diagnostics are the
library's, word for word. Arguments given as a Python value are checked
too, against the same arguments as text: ``validate(obj)`` must answer as
``validate_text`` does on the text ``json.dumps(obj, ensure_ascii=False,
separators=(",", ":"))`` writes, and ``is_valid(obj)`` as
``is_valid_text``. The npm package runs the same file
(``pedelec-schema-js/tests/identity.mjs``).

Usage: python identity.py CASES.jsonl   (prints "N calls, D differences")
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from typing import Any

from pedelec_schema import SchemaError, Tool, ToolArgsSchema, convert, lint

counts: Counter[str] = Counter()
differences: list[str | None] = []
object_calls = 0


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def parse(text: str) -> tuple[dict[str, Any], ToolArgsSchema | None]:
    try:
        schema = ToolArgsSchema.parse(text)
    except SchemaError as error:
        return {"ok": False, "message": error.message, "diagnostics": error.diagnostics}, None
    return {"ok": True, "schema": schema.to_json()}, schema


def call(op: dict[str, Any], text: str, schema: ToolArgsSchema | None) -> Any:
    kind = op["op"]
    if kind == "parse":
        return parse(text)[0]
    if kind == "lint":
        return lint(text)
    if kind == "convert":
        converted = convert(text)
        if not converted["ok"]:
            return converted
        return {
            "ok": True,
            "schema": converted["schema"].to_json(),
            "changes": converted["changes"],
        }
    assert schema is not None, "a call with arguments needs a parsed schema"
    if kind == "validateText":
        return schema.validate_text(op["input"])
    if kind == "isValidText":
        return schema.is_valid_text(op["input"])
    if kind == "repair":
        return schema.repair(op["input"])
    if kind == "fromProviderText":
        return schema.from_provider_text(op["input"], op["profile"])
    if kind == "stream":
        stream = schema.stream(op["profile"])
        feeds = [stream.feed(piece) for piece in op["pieces"]]
        return {"feeds": feeds, "finish": stream.finish()}
    if kind == "export":
        return schema.export(op["profile"])
    if kind == "toolExport":
        try:
            tool = Tool(op["name"], schema, description=op["description"])
        except ValueError as error:
            return {"typeError": str(error)}
        return tool.export(op["profile"])
    if kind == "grammar":
        return schema.grammar(op["format"])
    raise AssertionError(f"unknown op {kind}")


def differ(source: str, what: str, actual: str, expected: str) -> None:
    if len(differences) < 20:
        differences.append(
            f"{source}: {what}\n  package: {actual[:400]}\n  library: {expected[:400]}"
        )
    else:
        differences.append(None)


def refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def finite(text: str) -> float:
    """A float as JSON means it: ``1e999`` is no number (Python reads it
    as an infinity, which the package refuses as no JSON)."""
    number = float(text)
    if math.isinf(number):
        raise ValueError(f"{text} is out of range")
    return number


def check_object(source: str, schema: ToolArgsSchema, text: str) -> None:
    """``validate(obj)`` and ``is_valid(obj)`` answer as the text calls do
    on the object's JSON text, where the text is JSON that Python reads."""
    global object_calls
    try:
        args = json.loads(text, parse_constant=refuse_constant, parse_float=finite)
        written = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
    except (ValueError, RecursionError):
        return
    object_calls += 2
    actual = dumps(schema.validate(args))
    expected = dumps(schema.validate_text(written))
    if actual != expected:
        differ(source, "validate(object)", actual, expected)
    if schema.is_valid(args) != schema.is_valid_text(written):
        differ(
            source,
            "is_valid(object)",
            str(schema.is_valid(args)),
            str(schema.is_valid_text(written)),
        )


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python identity.py CASES.jsonl", file=sys.stderr)
        return 2
    calls = 0
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            case = json.loads(line)
            source, text = case["source"], case["schema"]
            _, schema = parse(text)
            for op in case["ops"]:
                calls += 1
                counts[op["op"]] += 1
                try:
                    actual = dumps(call(op, text, schema))
                except Exception as error:  # every raise is a difference
                    actual = f"raised {type(error).__name__}: {error}"
                expected = dumps(json.loads(op["expect"]))
                if actual != expected:
                    what = op["op"] + "".join(
                        f" {op[key]}" for key in ("profile", "format") if key in op
                    )
                    differ(source, what, actual, expected)
                if op["op"] == "validateText" and schema is not None:
                    check_object(source, schema, op["input"])
    for op, count in sorted(counts.items()):
        print(f"{op}: {count}")
    print(f"objects: {object_calls} calls with parsed arguments, against the same as text")
    for difference in differences:
        if difference is not None:
            print(difference)
    print(f"{calls} calls, {len(differences)} differences")
    return 0 if not differences else 1


if __name__ == "__main__":
    sys.exit(main())
