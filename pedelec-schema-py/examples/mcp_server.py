"""An MCP server on the official Python SDK's low-level server, whose
tool's arguments are checked against the schema it publishes.

``update_counter`` takes ``{"delta": integer in [-100, 100], "reason"?:
string of at most 200 characters}``. A call the schema refuses comes back
as a tool result with ``isError: true`` and the error document, and the
handler never runs: the counter only moves for valid calls.

Run it with ``python examples/mcp_server.py``: it speaks MCP on stdin and
stdout. ``tests/test_mcp.py`` drives it with the SDK's own client.
"""

from __future__ import annotations

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from pedelec_schema.mcp import CheckedTools

tools = CheckedTools()
tools.add(
    "update_counter",
    {
        "type": "object",
        "properties": {
            "delta": {"type": "integer", "minimum": -100, "maximum": 100},
            "reason": {"type": "string", "maxLength": 200},
        },
        "required": ["delta"],
    },
    description="Adds a signed amount to the counter.",
)

counter = 0


async def call_tool(ctx: object, params: types.CallToolRequestParams) -> types.CallToolResult:
    """Runs only for arguments the schema accepts."""
    global counter
    counter += params.arguments["delta"]
    return types.CallToolResult(content=[types.TextContent(text=f"counter: {counter}")])


server = Server(
    "pedelec-counter",
    on_list_tools=tools.on_list_tools,
    on_call_tool=tools.checked(call_tool),
)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
