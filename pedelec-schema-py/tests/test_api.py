"""The package's API: each call, its result's shape, and what it raises.

The words inside the documents are the library's; the identity test
(``identity.py``, run by ``tests/js/main.rs``) holds every one of them to
the Rust library over thousands of cases. Here: that each call is wired to
the right one, and the Python side of each (types, errors, shapes).
"""

from __future__ import annotations

import json
import pickle
import threading

import pytest

import pedelec_schema
from pedelec_schema import (
    ArgsStream,
    SchemaError,
    Tool,
    ToolArgsSchema,
    convert,
    grammar_for_tools,
    lint,
)

EDIT = {
    "type": "object",
    "properties": {
        "path": {"type": "string", "minLength": 1},
        "line": {"type": "integer", "minimum": 1},
        "mode": {"type": "string", "enum": ["insert", "replace"]},
        "note": {"type": "string"},
    },
    "required": ["path", "line"],
}


@pytest.fixture
def schema() -> ToolArgsSchema:
    return ToolArgsSchema.parse(EDIT)


def test_parse_takes_a_dict_its_text_or_its_bytes(schema: ToolArgsSchema) -> None:
    text = json.dumps(EDIT)
    assert ToolArgsSchema.parse(text) == schema
    assert ToolArgsSchema.parse(text.encode()) == schema
    assert schema.to_json() == EDIT | {"properties": EDIT["properties"]}
    assert list(schema.to_json()["properties"]) == ["path", "line", "mode", "note"]


def test_a_schema_outside_the_subset_raises_schema_error_with_every_finding() -> None:
    with pytest.raises(SchemaError) as raised:
        ToolArgsSchema.parse({"type": "object", "$ref": "#/x", "additionalProperties": False})
    error = raised.value
    assert isinstance(error, ValueError)
    assert [d["pointer"] for d in error.diagnostics] == ["/$ref", "/additionalProperties"]
    assert set(error.diagnostics[0]) == {"severity", "code", "pointer", "message"}
    assert str(error) == error.message and "(2 errors)" in error.message
    copy = pickle.loads(pickle.dumps(error))
    assert copy.diagnostics == error.diagnostics and str(copy) == str(error)


def test_text_that_is_not_json_is_a_schema_error() -> None:
    with pytest.raises(SchemaError) as raised:
        ToolArgsSchema.parse('{"type": ')
    assert raised.value.diagnostics[0]["code"] == "invalid_json"


def test_validate_answers_ok_or_the_error_document(schema: ToolArgsSchema) -> None:
    assert schema.validate({"path": "a.py", "line": 3}) == {"ok": True}
    refused = schema.validate({"path": "", "line": 0, "mode": "append"})
    assert refused["ok"] is False
    error = refused["error"]
    assert list(error) == ["code", "message", "errors"]
    assert error["code"] == "INVALID_ARGS"
    assert sorted(e["path"] for e in error["errors"]) == ["/line", "/mode", "/path"]
    assert list(error["errors"][0]) == ["path", "schema_path", "keyword", "message"]
    assert error["errors"][1]["message"] == '"append" is not allowed here; use one of "insert", "replace"'


def test_is_valid_is_validates_verdict(schema: ToolArgsSchema) -> None:
    assert schema.is_valid({"path": "a", "line": 1}) is True
    assert schema.is_valid({"path": "a", "line": 1.5}) is False
    assert schema.is_valid({"path": "a"}) is False
    assert schema.is_valid([]) is False


def test_values_are_read_as_json_dumps_writes_them(schema: ToolArgsSchema) -> None:
    # A tuple is an array, an int subclass an int, a float an exact number.
    assert schema.is_valid({"path": "a", "line": True}) is False
    assert schema.is_valid({"path": "a", "line": 2.0}) is True
    assert schema.is_valid({"path": "a", "line": 2**70}) is True
    assert schema.is_valid({"path": "a", "line": -(2**70)}) is False
    tags = ToolArgsSchema.parse(
        {"type": "object", "properties": {"t": {"type": "array", "items": {"type": "integer"}}}}
    )
    assert tags.is_valid({"t": (1, 2)}) is True


def test_a_float_on_a_bounds_edge_is_written_as_json_dumps_writes_it() -> None:
    # 2.0**64 is the double nearest the bound: its refusal quotes it as
    # Python writes it, as it does for the text `json.dumps` writes.
    bounded = ToolArgsSchema.parse(
        {"type": "object", "properties": {"n": {"type": "number", "maximum": 2**64 - 1}}}
    )
    args = {"n": 2.0**64}
    refused = bounded.validate(args)
    assert refused == bounded.validate_text(json.dumps(args))
    assert refused["error"]["errors"][0]["message"] == (
        "1.8446744073709552e+19 is greater than the maximum 18446744073709551615"
    )
    summary = bounded.refusal_summary(args)
    assert summary is not None and summary["error"] == refused["error"]


def test_the_text_calls_take_str_or_bytes(schema: ToolArgsSchema) -> None:
    assert schema.validate_text('{"path": "a", "line": 1}') == {"ok": True}
    assert schema.is_valid_text(b'{"path": "a", "line": 1}') is True
    refused = schema.validate_text('{"path": "a", "line": 1')
    assert refused["error"]["errors"][0]["keyword"] == "syntax"
    assert refused["error"]["errors"][0]["offset"] == 23
    assert schema.is_valid_text("{} {}") is False
    # A property given twice is refused, never the last one kept.
    assert schema.validate_text('{"path": "a", "line": 1, "line": 2}')["ok"] is False
    with pytest.raises(TypeError, match="str or bytes, not dict"):
        schema.validate_text({"path": "a"})


def test_repair_reads_sloppy_text_and_says_what_it_changed(schema: ToolArgsSchema) -> None:
    repaired = schema.repair("{'path': 'a.py', 'line': 3,}")
    assert repaired["ok"] is True
    assert repaired["value"] == {"path": "a.py", "line": 3}
    assert [c["code"] for c in repaired["changes"]] == ["single_quotes", "single_quotes", "trailing_comma"]
    assert repaired["note"].startswith("Your arguments were not JSON")
    # A call cut short is never completed.
    cut = schema.repair('{"path": "a.py", "line": 3')
    assert cut["ok"] is False and cut["error"]["errors"][0]["keyword"] == "syntax"


def test_from_provider_text_takes_strict_modes_nulls_out(schema: ToolArgsSchema) -> None:
    text = '{"path": "a", "line": 1, "mode": null, "note": null}'
    assert schema.from_provider_text(text, "openai-strict") == {
        "ok": True,
        "value": {"line": 1, "path": "a"},
    }
    assert schema.validate_text(text)["ok"] is False
    with pytest.raises(ValueError, match="nope"):
        schema.from_provider_text(text, "nope")


def test_a_stream_refuses_at_the_first_impossible_byte(schema: ToolArgsSchema) -> None:
    stream = schema.stream()
    assert isinstance(stream, ArgsStream)
    assert stream.feed('{"path": "a", "li') == {"ok": True, "bytes": 17, "path": ""}
    assert stream.feed('ne": ') == {"ok": True, "bytes": 22, "path": "/line"}
    assert (stream.bytes, stream.path) == (22, "/line")
    assert stream.feed("4}") == {"ok": True, "bytes": 24, "path": ""}
    assert stream.finish() == {"ok": True, "value": {"line": 4, "path": "a"}}
    with pytest.raises(ValueError, match="finished"):
        stream.feed("x")
    with pytest.raises(ValueError, match="finished"):
        stream.finish()

    refused = schema.stream()
    answer = refused.feed('{"line": "')
    assert answer["ok"] is False and answer["refusedAt"] == 9
    assert answer["error"]["errors"][0]["keyword"] == "type"
    assert refused.feed("more")["refusedAt"] == 9
    assert refused.finish()["ok"] is False


def test_a_stream_for_strict_mode_takes_nulls_out(schema: ToolArgsSchema) -> None:
    stream = schema.stream("openai-strict")
    stream.feed('{"path": "a", "line": 1, "mode": null}')
    assert stream.finish() == {"ok": True, "value": {"line": 1, "path": "a"}}
    with pytest.raises(TypeError):
        stream.feed(b"{}")


def test_export_grammar_typescript(schema: ToolArgsSchema) -> None:
    exported = schema.export("openai-strict")
    assert list(exported) == ["schema", "changes"]
    assert exported["schema"]["additionalProperties"] is False
    assert exported["schema"]["required"] == ["path", "line", "mode", "note"]
    assert schema.export("mcp")["schema"] == schema.to_json()
    grammar = schema.grammar("gbnf")
    assert list(grammar) == ["text", "changes"] and "root" in grammar["text"]
    assert "lark" not in schema.grammar("lark")["text"][:0]
    assert schema.typescript("EditArgs").startswith("export type EditArgs = {")
    with pytest.raises(ValueError, match="nope"):
        schema.export("nope")
    with pytest.raises(ValueError, match="nope"):
        schema.grammar("nope")
    with pytest.raises(TypeError):
        schema.export(1)


def test_a_tool_exports_its_definition(schema: ToolArgsSchema) -> None:
    tool = Tool("edit_file", schema, description="Edit a file.", title="Edit")
    exported = tool.export("anthropic-strict")
    assert list(exported) == ["definition", "changes", "outputChanges"]
    assert exported["definition"]["name"] == "edit_file"
    assert exported["definition"]["description"] == "Edit a file."
    out = ToolArgsSchema.parse({"type": "object", "properties": {"ok": {"type": "boolean"}}})
    assert "outputSchema" in Tool("t", schema, output_schema=out).export("mcp")["definition"]
    with pytest.raises(ValueError, match="name"):
        Tool("no spaces allowed", schema)
    with pytest.raises(TypeError, match="ToolArgsSchema"):
        Tool("t", EDIT)
    both = grammar_for_tools([tool, Tool("other", out)], "lark")
    assert "edit_file" in both["text"] and "other" in both["text"]


def test_lint_and_convert() -> None:
    findings = lint({"type": "object", "properties": {"x": {"type": "string"}}})
    assert all(set(f) == {"severity", "code", "pointer", "message"} for f in findings)
    converted = convert(
        {
            "type": "object",
            "properties": {"n": {"type": "integer"}},
            "additionalProperties": False,
        }
    )
    assert converted["ok"] is True
    assert isinstance(converted["schema"], ToolArgsSchema)
    assert [c["code"] for c in converted["changes"]] == ["constraint_dropped"]
    refused = convert({"type": "string"})
    assert refused["ok"] is False and refused["reasons"]


def test_a_converted_schemas_refusal_says_it_was_converted() -> None:
    converted = convert(
        {
            "type": "object",
            "properties": {"n": {"type": "integer", "maximum": 3}},
            "additionalProperties": False,
        }
    )
    schema = converted["schema"]
    assert schema.refusal_summary({"n": 3}) is None
    refusal = schema.refusal_summary({"n": 4})
    assert list(refusal) == ["error", "summary"]
    assert refusal["summary"].startswith("/n: 4 is greater than the maximum 3 (the schema is")
    assert refusal["error"] == schema.validate({"n": 4})["error"]


def test_a_schema_is_shared_across_threads(schema: ToolArgsSchema) -> None:
    big = json.dumps({"path": "a" * 40_000, "line": 1})
    answers: list[bool] = []

    def work() -> None:
        for _ in range(50):
            answers.append(schema.is_valid_text(big) and schema.is_valid({"path": "a", "line": 1}))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [True] * 200


def test_the_module_says_its_bound() -> None:
    assert pedelec_schema.MAX_TEXT_LEN == 16 << 20
    assert "ToolArgsSchema(" in repr(ToolArgsSchema.parse(EDIT))
