"""The example MCP server (``examples/mcp_server.py``, the official SDK's
low-level server with ``pedelec_schema.mcp.CheckedTools``) driven by the
SDK's own client over stdio: the published ``inputSchema`` is the schema
checked, a refused call is ``isError`` with the error document, and the
handler runs only for valid calls."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

from pedelec_schema import ToolArgsSchema  # noqa: E402
from pedelec_schema.mcp import CheckedTools, refusal  # noqa: E402

SERVER = Path(__file__).resolve().parent.parent / "examples" / "mcp_server.py"


async def session_calls() -> dict[str, object]:
    params = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            good = await session.call_tool("update_counter", {"delta": 5, "reason": "test"})
            bad = await session.call_tool("update_counter", {"delta": 500, "reason": 7})
            again = await session.call_tool("update_counter", {"delta": -2})
            return {"listed": listed, "good": good, "bad": bad, "again": again}


def test_the_sdks_client_over_stdio_sees_every_refusal_as_a_tool_error() -> None:
    calls = anyio.run(session_calls)
    (tool,) = calls["listed"].tools
    assert tool.name == "update_counter"
    assert tool.input_schema["properties"]["delta"] == {
        "type": "integer",
        "minimum": -100,
        "maximum": 100,
    }
    assert not calls["good"].is_error
    assert calls["good"].content[0].text == "counter: 5"
    bad = calls["bad"]
    assert bad.is_error is True
    document = json.loads(bad.content[0].text)
    assert document["error"]["code"] == "INVALID_ARGS"
    assert [e["path"] for e in document["error"]["errors"]] == ["/delta", "/reason"]
    assert document["error"]["message"] == (
        "The arguments do not match the tool's argsSchema: "
        "/delta: 500 is greater than the maximum 100; "
        "/reason: expected a string, found the number 7"
    )
    # The refused call never reached the handler.
    assert calls["again"].content[0].text == "counter: 3"


def test_a_refusal_is_the_documents_words() -> None:
    schema = ToolArgsSchema.parse(
        {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    )
    assert refusal(schema, {"n": 1}) is None
    refused = refusal(schema, None)
    assert refused is not None and refused.is_error
    assert json.loads(refused.content[0].text) == {"error": schema.validate({})["error"]}
    tools = CheckedTools()
    tools.add("t", schema)
    assert tools.check("other", {"anything": 1}) is None
    assert tools.check("t", {"n": "1"}) is not None
