"""The type stubs (``_native.pyi``) against the module they describe.

No type checker runs here; instead the stub is read as Python and held to
the module at run time: every name, method and parameter it declares is
the module's and none is missing, and every document a call returns fits
the ``TypedDict`` the stub gives as that call's result, key by key, down
to the entries of its lists (no key it does not declare, none it requires
missing, each value of its declared type).
"""

from __future__ import annotations

import inspect
import typing
from pathlib import Path
from types import ModuleType, UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest

from pedelec_schema import _native

STUB = Path(_native.__file__).with_name("_native.pyi")
CLASSES = ("ToolArgsSchema", "ArgsStream", "Tool")


def read_stub() -> ModuleType:
    """The stub executed as a module; its classes may name each other
    before they are defined, so each starts as a placeholder."""
    module = ModuleType("_native_stub")
    module.__dict__.update({name: type(name, (), {}) for name in CLASSES})
    # Not this file's `from __future__ import annotations`: the stub's
    # annotations are to be the types themselves.
    exec(compile(STUB.read_text(), str(STUB), "exec", dont_inherit=True), module.__dict__)
    return module


STUBBED = read_stub()


def is_typed_dict(value: object) -> bool:
    return isinstance(value, type) and typing.is_typeddict(value)


def public(names: list[str]) -> set[str]:
    return {name for name in names if not name.startswith("_")}


def stub_functions() -> dict[str, Any]:
    """The functions the stub declares (not those it imports)."""
    return {
        name: value
        for name, value in vars(STUBBED).items()
        if inspect.isfunction(value) and value.__module__ == STUBBED.__name__ and not name.startswith("_")
    }


def test_the_stub_declares_every_name_of_the_module_and_no_other() -> None:
    declared = set(stub_functions()) | set(CLASSES) | set(STUBBED.__annotations__)
    assert declared == public(dir(_native))


@pytest.mark.parametrize("name", CLASSES)
def test_each_class_declares_the_methods_it_has_with_their_parameters(name: str) -> None:
    stubbed, native = getattr(STUBBED, name), getattr(_native, name)
    assert public(list(vars(stubbed))) == public(dir(native)), name
    for method in public(list(vars(stubbed))):
        declared = vars(stubbed)[method]
        if isinstance(declared, property):
            # A property is a data descriptor on the class, not a method.
            assert inspect.isdatadescriptor(inspect.getattr_static(native, method)), f"{name}.{method}"
            continue
        function = declared.__func__ if isinstance(declared, (staticmethod, classmethod)) else declared
        expected = [p for p in inspect.signature(function).parameters if p not in ("self", "cls")]
        actual = [
            p
            for p in inspect.signature(getattr(native, method)).parameters
            if p not in ("self", "cls", "$self", "$cls")
        ]
        assert actual == expected, f"{name}.{method}"


def test_each_function_declares_its_parameters() -> None:
    for name, value in stub_functions().items():
        expected = list(inspect.signature(value).parameters)
        assert list(inspect.signature(getattr(_native, name)).parameters) == expected, name


def fits(value: Any, kind: Any, where: str) -> None:
    """Fails unless `value` is of the stub's type `kind` (a TypedDict, a
    Literal, a union, a list or dict of one, or a plain class)."""
    if kind is Any:
        return
    origin = get_origin(kind)
    if origin is Union or origin is UnionType:
        failures = []
        for option in get_args(kind):
            try:
                fits(value, option, where)
                return
            except AssertionError as failure:
                failures.append(str(failure))
        raise AssertionError(f"{where}: the value fits none of {kind}: {failures}")
    if origin is Literal:
        assert value in get_args(kind), f"{where}: {value!r} is not one of {get_args(kind)}"
        return
    if origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        for index, item in enumerate(value):
            fits(item, get_args(kind)[0], f"{where}/{index}")
        return
    if origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        return
    if is_typed_dict(kind):
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        keys = set(value)
        assert kind.__required_keys__ <= keys, f"{where}: {kind.__name__} lacks {kind.__required_keys__ - keys}"
        declared = kind.__required_keys__ | kind.__optional_keys__
        assert keys <= declared, f"{where}: {kind.__name__} does not declare {keys - declared}"
        hints = get_type_hints(kind)
        for key in keys:
            fits(value[key], hints[key], f"{where}/{key}")
        return
    if kind is type(None):
        assert value is None, f"{where}: {value!r} is not None"
        return
    if isinstance(kind, type) and kind.__name__ in CLASSES:
        kind = getattr(_native, kind.__name__)
    if kind is float:
        kind = (int, float)
    assert isinstance(value, kind), f"{where}: {value!r} is not a {kind}"


def returned(owner: str, method: str) -> Any:
    """What the stub says `owner.method` (or the function `method`) returns."""
    target = vars(getattr(STUBBED, owner))[method] if owner else getattr(STUBBED, method)
    if isinstance(target, (staticmethod, classmethod)):
        target = target.__func__
    if isinstance(target, property):
        target = target.fget
    return get_type_hints(target, vars(STUBBED))["return"]


SCHEMA = {
    "type": "object",
    "properties": {
        "path": {"type": "string", "minLength": 1},
        "line": {"type": "integer", "minimum": 1},
        "note": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
    },
    "required": ["path", "line"],
}
# Enough failures, each at a property of its own, for the document to
# leave some out (`omitted`).
NAMES = [f"property_{i:03}_" + "x" * 60 for i in range(200)]
MANY_SCHEMA = {"type": "object", "properties": {name: {"type": "integer"} for name in NAMES}}
MANY = {name: "not a number" for name in NAMES}
WIDE = {"type": "object", "properties": {"n": {"type": "integer"}}, "additionalProperties": False}


def test_every_document_fits_the_type_the_stub_gives_it() -> None:
    schema = _native.ToolArgsSchema.parse(SCHEMA)
    many = _native.ToolArgsSchema.parse(MANY_SCHEMA)
    tool = _native.Tool("edit", schema, description="Edits a line.", output_schema=schema)
    stream = schema.stream()
    calls = [
        ("ToolArgsSchema", "validate", schema.validate({"path": "a", "line": 1})),
        ("ToolArgsSchema", "validate", schema.validate({"path": "", "line": "1", "x": 1})),
        ("ToolArgsSchema", "validate", many.validate(MANY)),
        ("ToolArgsSchema", "validate_text", schema.validate_text('{"path": "a", "line": 1,}')),
        ("ToolArgsSchema", "repair", schema.repair("{path: 'a', line: 1,}")),
        ("ToolArgsSchema", "repair", schema.repair('{"path": "a", "line": ')),
        ("ToolArgsSchema", "from_provider_text", schema.from_provider_text('{"path": "a", "line": 1, "note": null, "tags": null}', "openai-strict")),
        ("ToolArgsSchema", "from_provider_text", schema.from_provider_text('{"path": 1}', "openai-strict")),
        ("ArgsStream", "feed", stream.feed('{"path": "a", ')),
        ("ArgsStream", "feed", stream.feed('"line": 0}')),
        ("ArgsStream", "finish", schema.stream().finish()),
        ("ToolArgsSchema", "export", schema.export("openai-strict")),
        ("ToolArgsSchema", "grammar", schema.grammar("gbnf")),
        ("ToolArgsSchema", "to_json", schema.to_json()),
        ("ToolArgsSchema", "typescript", schema.typescript("EditArgs")),
        ("ToolArgsSchema", "refusal_summary", schema.refusal_summary({"path": "a", "line": 1})),
        ("ToolArgsSchema", "refusal_summary", many.refusal_summary(MANY)),
        ("Tool", "export", tool.export("anthropic-strict")),
        ("", "lint", _native.lint(WIDE)),
        ("", "convert", _native.convert(WIDE)),
        ("", "convert", _native.convert({"type": "object", "properties": {"a": {"$ref": "#/nowhere"}}})),
        ("", "grammar_for_tools", _native.grammar_for_tools([tool], "lark")),
    ]
    for owner, method, result in calls:
        fits(result, returned(owner, method), f"{owner}.{method}")
    # The cases reach what they are meant to: an omitted count, both
    # answers of a conversion, a stream's progress and its refusal.
    assert calls[2][2]["error"]["omitted"] > 0
    assert [call[2]["ok"] for call in calls[19:21]] == [True, False]
    assert [call[2]["ok"] for call in calls[8:10]] == [True, False]
