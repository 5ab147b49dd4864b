"""``pedelec_schema.fastmcp.ArgsCheck`` through FastMCP's in-memory
client: a call the tool's ``inputSchema`` refuses is answered with the
error document, never coerced by pydantic's lax mode, and the tool runs
only for valid calls."""

from __future__ import annotations

import json
import logging

import anyio
import pytest

pytest.importorskip("fastmcp")

from fastmcp import Client, FastMCP  # noqa: E402

from pedelec_schema.fastmcp import ArgsCheck  # noqa: E402


def make_server() -> tuple[FastMCP, ArgsCheck, list[int]]:
    check = ArgsCheck()
    server = FastMCP("counter", middleware=[check])
    seen: list[int] = []

    @server.tool
    def update_counter(delta: int, reason: str | None = None) -> str:
        """Adds a signed amount to the counter."""
        seen.append(delta)
        return f"counter: {sum(seen)}"

    return server, check, seen


async def calls(server: FastMCP) -> list[object]:
    async with Client(server) as client:
        return [
            await client.call_tool("update_counter", {"delta": 5}, raise_on_error=False),
            # Lax pydantic would read "10" as 10; the schema says integer.
            await client.call_tool("update_counter", {"delta": "10"}, raise_on_error=False),
            await client.call_tool("update_counter", {"reason": 3}, raise_on_error=False),
        ]


def test_a_refused_call_gets_the_document_and_never_runs(caplog: pytest.LogCaptureFixture) -> None:
    server, check, seen = make_server()
    with caplog.at_level(logging.WARNING, logger="pedelec_schema.fastmcp"):
        report = anyio.run(check.prepare, server)
        good, coerced, missing = anyio.run(calls, server)
    assert list(report) == ["update_counter"]
    assert good.is_error is False
    assert coerced.is_error is True
    document = json.loads(coerced.content[0].text)
    assert document["error"]["errors"][0]["message"] == 'expected an integer, found the string "10"'
    assert missing.is_error is True
    paths = [e["path"] for e in json.loads(missing.content[0].text)["error"]["errors"]]
    assert paths == ["", "/reason"]
    assert seen == [5]
    # What the conversion changed is said once, at start-up, not per call.
    changes = [r for r in caplog.records if r.name == "pedelec_schema.fastmcp"]
    assert len(changes) == sum(len(c or []) for c in report.values())
