"""``ToolArgsSchema.from_pydantic(Model)``: the model's JSON Schema
through ``convert``, with its changes, so that a handler keeps its model
and gets the exact check and the agent document."""

from __future__ import annotations

from typing import Literal

import pytest

pydantic = pytest.importorskip("pydantic")

from pydantic import BaseModel, Field  # noqa: E402

from pedelec_schema import ToolArgsSchema  # noqa: E402


class Point(BaseModel):
    x: float
    y: float


class Edit(BaseModel):
    """Replaces lines of a file."""

    path: str = Field(min_length=1, description="The file.")
    line: int = Field(ge=1)
    mode: Literal["insert", "replace"] = "replace"
    at: Point | None = None
    tags: list[str] = Field(default_factory=list, max_length=4)


def test_a_models_schema_converts_with_its_changes() -> None:
    converted = ToolArgsSchema.from_pydantic(Edit)
    assert converted["ok"] is True
    schema = converted["schema"]
    assert isinstance(schema, ToolArgsSchema)
    codes = {change["code"] for change in converted["changes"]}
    # pydantic's `$defs` and `$ref` are inlined, its `title`s kept or dropped as
    # the library says; each change is reported, none silent.
    assert converted["changes"] and all("message" in change for change in converted["changes"])
    assert "null_dropped" in codes
    properties = schema.to_json()["properties"]
    assert properties["path"]["minLength"] == 1
    assert properties["at"]["properties"]["x"]["type"] == "number"


@pytest.mark.parametrize(
    "args",
    [
        {"path": "a.py", "line": 1},
        {"path": "a.py", "line": 3, "mode": "insert", "at": {"x": 1, "y": 2.5}},
        {"path": "", "line": 1},
        {"path": "a.py", "line": 0},
        {"path": "a.py", "line": "2"},
        {"path": "a.py", "line": 1.5},
        {"path": "a.py", "line": 1, "mode": "append"},
        {"path": "a.py", "line": 1, "tags": ["a", "b", "c", "d", "e"]},
        {"path": "a.py", "line": 1, "at": {"x": "1", "y": 2}},
        {"line": 1},
    ],
)
def test_the_verdict_is_strict_pydantics(args: dict[str, object]) -> None:
    schema = ToolArgsSchema.from_pydantic(Edit)["schema"]
    try:
        Edit.model_validate(args, strict=True)
        accepted = True
    except pydantic.ValidationError:
        accepted = False
    assert schema.is_valid(args) == accepted
    verdict = schema.validate(args)
    assert verdict["ok"] == accepted
    if not accepted:
        assert verdict["error"]["errors"], "every refusal names its failures"


def test_a_class_without_model_json_schema_is_refused() -> None:
    with pytest.raises(AttributeError):
        ToolArgsSchema.from_pydantic(dict)
