"""Hostile values and texts, each run in a subprocess of its own, so that
a crash (an overflowed stack, an abort) is a failed test, not a lost run.

What is no JSON raises ``TypeError`` or ``ValueError`` saying which;
everything else gets the library's answer - the refusal Rust gives the
same text - and never a ``RecursionError`` or a crash.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import json
from pedelec_schema import ToolArgsSchema, convert, lint
schema = ToolArgsSchema.parse({
    "type": "object",
    "properties": {"s": {"type": "string"}, "a": {"type": "array", "items": {"type": "integer"}}},
})
def raised(call, *args):
    try:
        call(*args)
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return "nothing raised"
def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
def keyword(answer):
    return answer["error"]["errors"][0]["keyword"]
"""


def run(body: str) -> list[str]:
    """Runs `body` after the prelude in a fresh interpreter; its printed
    lines, after checking that it exited cleanly."""
    code = PRELUDE + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stderr[-2000:]}"
    return done.stdout.splitlines()


def test_deep_nesting_gets_the_librarys_refusal_of_the_text() -> None:
    lines = run(
        """
        deep = 1
        for _ in range(100_000):
            deep = [deep]
        answer = schema.validate({"a": deep})
        text = "[" * 100_000
        print(keyword(answer), schema.is_valid({"a": deep}))
        # The same refusal as the text json.dumps would write, were it able.
        shallow = 1
        for _ in range(300):
            shallow = [shallow]
        print(answer == schema.validate_text(compact({"a": shallow})))
        print(keyword(schema.validate_text('{"a": ' + text)))
        objects = {}
        for _ in range(100_000):
            objects = {"k": objects}
        print(schema.is_valid(objects), keyword(schema.validate(objects)))
        print(raised(ToolArgsSchema.parse, objects).split(":")[0])
        print(type(lint(objects)).__name__, convert(objects)["ok"])
        """
    )
    assert lines == ["syntax False", "True", "syntax", "False syntax", "SchemaError", "list False"]


def test_a_huge_string_is_refused_for_its_length_alone() -> None:
    lines = run(
        """
        huge = "x" * (17 << 20)
        answer = schema.validate({"s": huge})
        print(keyword(answer), schema.is_valid({"s": huge}))
        text = json.dumps({"s": huge})
        print(schema.validate_text(text) == answer, schema.is_valid_text(text.encode()))
        print(schema.repair(text)["ok"], schema.from_provider_text(text, "openai-strict")["ok"])
        fits = "x" * (1 << 20)
        print(schema.is_valid({"s": fits}))
        """
    )
    assert lines == ["syntax False", "True False", "False False", "True"]


def test_lone_surrogates_get_the_refusal_json_gives_their_escape() -> None:
    lines = run(
        r"""
        for value in ["\ud800", "a\udfffb", "\\\ud800"]:
            answer = schema.validate({"s": value})
            print(answer == schema.validate_text(compact({"s": value})), keyword(answer))
        # A high surrogate then a low one is the pair they make, as JSON reads them.
        print(schema.validate({"s": "\ud83d\ude00"}))
        print(keyword(schema.validate_text('{"s": "\ud800"}')))
        print(schema.validate_text('{"s": "\\\ud800"}')["ok"])
        stream = schema.stream()
        print(stream.feed('{"s": "\ud800"}')["ok"])
        print(raised(schema.validate, {"\ud800": 1}))
        """
    )
    assert lines == [
        "True syntax",
        "True syntax",
        "True syntax",
        "{'ok': True}",
        "syntax",
        "False",
        "False",
        "nothing raised",
    ]


def test_values_that_are_no_json_raise_saying_which() -> None:
    lines = run(
        """
        cycle = []
        cycle.append(cycle)
        looped = {}
        looped["me"] = {"again": looped}
        for value in [
            {"s": float("nan")},
            {"s": float("inf")},
            {"a": [-float("inf")]},
            {"a": cycle},
            looped,
            {1: "one"},
            {"s": {1, 2}},
            {"s": b"bytes"},
            {"s": object()},
        ]:
            print(raised(schema.validate, value))
            # is_valid stops at the first failure, which may come first.
            assert raised(schema.is_valid, value) in (raised(schema.validate, value), "nothing raised")
        print(raised(ToolArgsSchema.parse, {"type": "object", "x": float("nan")}))
        print(raised(schema.validate_text, b'{"s": "\\xff"}'))
        print(raised(schema.validate_text, 3))
        """
    )
    assert lines == [
        "ValueError: the arguments must be JSON, which has no NaN (NaN)",
        "ValueError: the arguments must be JSON, which has no infinities (inf)",
        "ValueError: the arguments must be JSON, which has no infinities (-inf)",
        "ValueError: the arguments must be JSON, which has no cycles: a list holds itself",
        "ValueError: the arguments must be JSON, which has no cycles: a dict holds itself",
        "TypeError: the arguments must be JSON, which has no object key of type int (its keys are str)",
        "TypeError: the arguments must be JSON, which has no value of type set",
        "TypeError: the arguments must be JSON, which has no value of type bytes",
        "TypeError: the arguments must be JSON, which has no value of type object",
        "ValueError: the schema must be JSON, which has no NaN (NaN)",
        "ValueError: the text is not UTF-8: the byte at 7 starts no character",
        "TypeError: the text must be a str or bytes, not int",
    ]


@pytest.mark.parametrize("pieces", [1, 7, 4096])
def test_a_stream_fed_a_deep_text_is_refused_not_crashed(pieces: int) -> None:
    lines = run(
        f"""
        text = '{{"z": ' + "[" * 200_000
        stream = schema.stream()
        step = max(1, len(text) // {pieces})
        answers = [stream.feed(text[at:at + step]) for at in range(0, len(text), step)]
        print(answers[-1]["ok"], keyword(answers[-1]), stream.finish()["ok"])
        """
    )
    assert lines == ["False syntax False"]


def test_floats_are_written_as_python_writes_them() -> None:
    # A refusal's byte offset after a float tells its text's length.
    lines = run(
        """
        import random
        rng = random.Random(7)
        floats = [0.0, -0.0, 1e16, 1e15, 1e-4, 1e-5, 123.456, 5e-324, 1.7976931348623157e308,
                  0.1, 100.0, 2.5e-07, 1e22, 12345678901234567.0]
        floats += [rng.uniform(-1e6, 1e6) for _ in range(300)]
        floats += [rng.random() * 10.0 ** rng.randint(-30, 30) for _ in range(300)]
        same = 0
        for number in floats:
            value = {"z": [number, "\\ud800"]}
            same += schema.validate(value) == schema.validate_text(compact(value))
        print(same == len(floats))
        """
    )
    assert lines == ["True"]
