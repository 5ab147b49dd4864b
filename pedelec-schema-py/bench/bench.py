"""The Python package against its peers, in one process, on the same
schemas and values: prints each comparison as a ratio (the peer's time
over ours: above 1 is faster), the number to quote, since absolute times
vary on a shared machine. Not a test: nothing here fails on a ratio.

    pip install -r bench/requirements.txt
    python bench/bench.py            # every comparison
    python bench/bench.py --quick    # fewer rounds

The workloads (the issue's, built from the repository's benchmark data):
- the edit tool: ``edit_file`` of the MCP filesystem server
  (``tests/data/realworld/mcp_typescript_servers.json``), a call with three
  edits; one wrong value (``dryRun: "no"``) and many (every edit broken);
- 30 flat properties: ``benches/validation.rs``'s twenty properties of
  every kind, thirty of them; one wrong value and ten;
- the 1,000-point polygon: the Pedelec demo ``spawn_closed_polygons``
  (``tests/data/realworld/pedelec_demos.json``) with its contours allowed
  1,000 points, a call of one 1,000-point polygon; one point out of range,
  and thirty.

The comparisons:
- ``is_valid(dict)``: against jsonschema-rs ``is_valid``, fastjsonschema
  (its validator, which raises at the first error) and pydantic 2 (a
  ``TypedDict`` ``TypeAdapter``, ``validate_python(obj, strict=True)``);
- the error document (``validate(dict)``): against jsonschema-rs
  ``iter_errors`` with every message joined, the closest it has;
- ``is_valid_text(bytes)``: against ``json.loads`` + jsonschema-rs
  ``is_valid``.

Each side runs the same call in interleaved rounds; a side's time is its
fastest round, per call.
"""

from __future__ import annotations

import copy
import json
import math
import sys
import time
from importlib import metadata
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from typing_extensions import NotRequired, Required, TypedDict

import fastjsonschema
import jsonschema_rs
from pydantic import Field, StringConstraints, TypeAdapter, ValidationError

from pedelec_schema import ToolArgsSchema, convert

ROOT = Path(__file__).resolve().parents[2]
REALWORLD = ROOT / "tests" / "data" / "realworld"


def realworld(file: str, tool: str) -> dict[str, Any]:
    for entry in json.loads((REALWORLD / file).read_text()):
        if entry["tool"] == tool:
            return entry["schema"]
    raise LookupError(tool)


# ------------------------------------------------------------ the edit tool


class Edit(TypedDict):
    oldText: str
    newText: str


class EditArgs(TypedDict):
    path: str
    edits: list[Edit]
    dryRun: NotRequired[bool]


def edit_workload() -> dict[str, Any]:
    schema = realworld("mcp_typescript_servers.json", "edit_file")
    valid = {
        "path": "src/server/handlers.py",
        "edits": [
            {"oldText": "def handle(request):\n    return None", "newText": "def handle(request):\n    return route(request)"},
            {"oldText": "import os", "newText": "import os\nimport sys"},
            {"oldText": "TIMEOUT = 10", "newText": "TIMEOUT = 30"},
        ],
        "dryRun": False,
    }
    one = copy.deepcopy(valid)
    one["dryRun"] = "no"
    many = {"path": 7, "edits": [{"oldText": 1}, {"newText": None}, "x", {"oldText": [], "newText": {}}], "dryRun": "no"}

    return {"name": "edit tool", "schema": schema, "typed": EditArgs, "valid": valid, "one": one, "many": many}


# ------------------------------------------------------ 30 flat properties

NAME = Annotated[str, StringConstraints(min_length=1, max_length=64)]
COUNT = Annotated[int, Field(ge=0, le=1000)]
LEVEL = Literal["low", "medium", "high"]
TAGS = Annotated[list[Annotated[str, StringConstraints(pattern=r"^[a-z0-9_-]+$")]], Field(max_length=10)]


def flat_workload(count: int = 30) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    valid: dict[str, Any] = {}
    for i in range(count):
        name = f"field_{i:02}"
        kind = i % 5
        if kind == 0:
            properties[name] = {"type": "string", "minLength": 1, "maxLength": 64, "description": "A name."}
            fields[name], valid[name] = NAME, f"name number {i}"
        elif kind == 1:
            properties[name] = {"type": "integer", "minimum": 0, "maximum": 1000}
            fields[name], valid[name] = COUNT, i * 37
        elif kind == 2:
            properties[name] = {"type": "string", "enum": ["low", "medium", "high"]}
            fields[name], valid[name] = LEVEL, "medium"
        elif kind == 3:
            properties[name] = {"type": "boolean"}
            fields[name], valid[name] = bool, i % 2 == 0
        else:
            properties[name] = {
                "type": "array",
                "items": {"type": "string", "pattern": "^[a-z0-9_-]+$"},
                "maxItems": 10,
                "uniqueItems": True,
            }
            fields[name], valid[name] = TAGS, ["alpha", "beta-2", "gamma_3"]
    required = [f"field_{i:02}" for i in range(0, count, 2)]
    schema = {"type": "object", "properties": properties, "required": required}
    typed = TypedDict(  # type: ignore[misc]
        "Flat",
        {name: Required[kind] if name in required else NotRequired[kind] for name, kind in fields.items()},
    )
    one = dict(valid, field_06=2000)
    many = dict(valid)
    many.update(
        field_00="", field_01=-5, field_02="urgent", field_03="yes", field_04=["ok", "NOT OK"],
        field_05="", field_06=2000, field_07="none", field_08=1, field_09=["a-1", "a-1"],
    )
    return {"name": "30 flat properties", "schema": schema, "typed": typed, "valid": valid, "one": one, "many": many}


# ------------------------------------------------- the 1,000-point polygon

COORD = Annotated[int, Field(ge=-100, le=100)]


class Point(TypedDict):
    x: COORD
    y: COORD


CONTOUR = Annotated[list[Point], Field(min_length=3, max_length=1000)]


class Item(TypedDict, total=False):
    preset: Literal["heart", "shield", "droplet"]
    outer: CONTOUR
    holes: list[CONTOUR]
    name: str
    color: str
    size: Literal["small", "medium", "large"] | Annotated[float, Field(ge=8, le=40)]
    count: Annotated[int, Field(ge=1, le=8)]
    xHint: Annotated[float, Field(ge=0, le=1)]


class Polygons(TypedDict):
    items: Annotated[list[Item], Field(min_length=1, max_length=6)]


def polygon_workload(points: int = 1000) -> dict[str, Any]:
    schema = realworld("pedelec_demos.json", "spawn_closed_polygons")
    item = schema["properties"]["items"]["items"]
    item["properties"]["outer"]["maxItems"] = points
    item["properties"]["holes"]["items"]["maxItems"] = points
    ring = [
        {"x": round(90 * math.cos(i / points * math.tau)), "y": round(90 * math.sin(i / points * math.tau))}
        for i in range(points)
    ]
    valid = {"items": [{"name": "ring", "outer": ring, "color": "gold", "size": 22, "count": 1, "xHint": 0.75}]}
    one = copy.deepcopy(valid)
    one["items"][0]["outer"][500]["x"] = 250
    many = copy.deepcopy(valid)
    for i in range(30):
        many["items"][0]["outer"][i * 33]["y"] = 300 + i
    return {"name": "1,000-point polygon", "schema": schema, "typed": Polygons, "valid": valid, "one": one, "many": many}


# ------------------------------------------------------------- the timing


def timed(call: Callable[[], object], calls: int) -> float:
    """Seconds per call over `calls` calls."""
    started = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - started) / calls


def race(sides: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Each side's fastest round, per call, the sides interleaved."""
    # Enough calls a round for about 20 ms of the slowest side.
    slowest = max(timed(side, 3) for side in sides.values())
    calls = max(5, min(20_000, int(0.02 / max(slowest, 1e-9))))
    best = {name: math.inf for name in sides}
    for _ in range(rounds):
        for name, side in sides.items():
            best[name] = min(best[name], timed(side, calls))
    return best


def raises(call: Callable[[], object], *errors: type[BaseException]) -> Callable[[], bool]:
    def verdict() -> bool:
        try:
            call()
        except errors:
            return False
        return True

    return verdict


def row(label: str, times: dict[str, float]) -> str:
    ours = times["pedelec-schema"]
    cells = [f"{ours * 1e6:8.2f} us"]
    for name, seconds in times.items():
        if name != "pedelec-schema":
            cells.append(f"{name} {seconds / ours:5.2f}x")
    return f"| {label} | " + " | ".join(cells) + " |"


def main() -> None:
    rounds = 3 if "--quick" in sys.argv else 9
    versions = ", ".join(
        f"{name} {metadata.version(name)}"
        for name in ("pedelec-schema", "jsonschema-rs", "fastjsonschema", "pydantic")
    )
    print(f"Python {sys.version.split()[0]}; {versions}")
    print("ratio: the peer's time / ours, above 1 is faster; ours per call\n")
    lines = {"is_valid(dict)": [], "error document": [], "is_valid_text(bytes)": []}
    for workload in (edit_workload(), flat_workload(), polygon_workload()):
        name, schema = workload["name"], workload["schema"]
        try:
            ours = ToolArgsSchema.parse(schema)
        except ValueError:
            ours = convert(schema)["schema"]
        theirs = jsonschema_rs.validator_for(schema)
        fast = fastjsonschema.compile(schema)
        strict = TypeAdapter(workload["typed"])
        valid, one, many = workload["valid"], workload["one"], workload["many"]
        # Every side agrees on the verdicts it is timed on.
        for args, expected in ((valid, True), (one, False), (many, False)):
            assert ours.is_valid(args) is expected, (name, args)
            assert theirs.is_valid(args) is expected, (name, "jsonschema-rs")
            assert raises(lambda a=args: fast(a), fastjsonschema.JsonSchemaException)() is expected
            assert raises(lambda a=args: strict.validate_python(a, strict=True), ValidationError)() is expected, name

        times = race(
            {
                "pedelec-schema": lambda: ours.is_valid(valid),
                "jsonschema-rs": lambda: theirs.is_valid(valid),
                "fastjsonschema": raises(lambda: fast(valid), fastjsonschema.JsonSchemaException),
                "pydantic": raises(lambda: strict.validate_python(valid, strict=True), ValidationError),
            },
            rounds,
        )
        lines["is_valid(dict)"].append(row(name, times))
        for label, args in (("one wrong value", one), ("many", many)):
            times = race(
                {
                    "pedelec-schema": lambda a=args: ours.validate(a),
                    "jsonschema-rs": lambda a=args: "; ".join(e.message for e in theirs.iter_errors(a)),
                },
                rounds,
            )
            lines["error document"].append(row(f"{name}, {label}", times))
        text = json.dumps(valid).encode()
        times = race(
            {
                "pedelec-schema": lambda: ours.is_valid_text(text),
                "json.loads + jsonschema-rs": lambda: theirs.is_valid(json.loads(text)),
            },
            rounds,
        )
        lines["is_valid_text(bytes)"].append(row(f"{name} ({len(text)} bytes)", times))
    for comparison, rows in lines.items():
        print(f"{comparison}:")
        for line in rows:
            print(line)
        print()


if __name__ == "__main__":
    main()
