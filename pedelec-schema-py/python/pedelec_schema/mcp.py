"""Arguments checked for the official MCP Python SDK's low-level server.

The low-level server (``mcp.server.lowlevel.Server``) advertises each
tool's ``inputSchema`` but never applies it: its ``on_call_tool`` handler
gets whatever the model sent. :class:`CheckedTools` holds each tool's
schema, lists the tools as ``tools/list`` publishes them (each
``inputSchema`` the schema checked, exactly), and checks every call
before the handler runs: a refusal is a tool result with ``isError:
true`` whose text is the library's error document, ``{"error": {...}}``,
every failure with its path, so the model can correct the call (SEP-1303:
input validation errors are tool execution errors, not protocol errors).

Needs the ``mcp`` package (written against 2.3.0); importing this module
without it raises ``ImportError``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

import mcp_types as types

from . import ToolArgsSchema

__all__ = ["CheckedTools", "refusal"]

Ctx = TypeVar("Ctx")
CallToolHandler = Callable[[Ctx, types.CallToolRequestParams], Awaitable[types.CallToolResult]]


def refusal(schema: ToolArgsSchema, arguments: Any) -> types.CallToolResult | None:
    """``None`` when ``arguments`` pass ``schema``; otherwise the tool
    result that refuses them: ``isError: true``, its text the error
    document as a Rust handler returns it, ``{"error": {...}}``."""
    verdict = schema.validate({} if arguments is None else arguments)
    if verdict["ok"]:
        return None
    text = json.dumps({"error": verdict["error"]}, ensure_ascii=False)
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)


class CheckedTools:
    """A low-level server's tools, each with the schema its arguments are
    checked against.

    >>> tools = CheckedTools()
    >>> tools.add("update_counter", {"type": "object", "properties": {
    ...     "delta": {"type": "integer", "minimum": -100, "maximum": 100}},
    ...     "required": ["delta"]}, description="Adds to the counter.")
    >>> server = Server("counter", on_list_tools=tools.on_list_tools,
    ...                 on_call_tool=tools.checked(call_tool))  # doctest: +SKIP
    """

    def __init__(self) -> None:
        self._schemas: dict[str, ToolArgsSchema] = {}
        self._tools: list[types.Tool] = []

    def add(
        self,
        name: str,
        schema: ToolArgsSchema | Mapping[str, Any] | str,
        *,
        description: str | None = None,
        title: str | None = None,
    ) -> ToolArgsSchema:
        """Adds a tool; its schema is parsed here (``SchemaError`` if it is
        outside the subset) and published as it is checked."""
        parsed = schema if isinstance(schema, ToolArgsSchema) else ToolArgsSchema.parse(schema)
        self._schemas[name] = parsed
        self._tools.append(
            types.Tool(
                name=name,
                title=title,
                description=description,
                input_schema=parsed.export("mcp")["schema"],
            )
        )
        return parsed

    def schema(self, name: str) -> ToolArgsSchema | None:
        """The schema of the tool named ``name``, if there is one."""
        return self._schemas.get(name)

    def tools(self) -> list[types.Tool]:
        """The tools, as ``tools/list`` publishes them."""
        return list(self._tools)

    async def on_list_tools(
        self, ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        """An ``on_list_tools`` handler publishing :meth:`tools`."""
        return types.ListToolsResult(tools=self.tools())

    def check(self, name: str, arguments: Any) -> types.CallToolResult | None:
        """``None`` when the call may run (its arguments pass, or the tool
        is not one of these, left to the handler); else its refusal."""
        schema = self._schemas.get(name)
        return None if schema is None else refusal(schema, arguments)

    def checked(self, handler: CallToolHandler[Ctx]) -> CallToolHandler[Ctx]:
        """``handler`` (an ``on_call_tool`` handler) run only for calls
        whose arguments pass; every other call is answered with its
        refusal and never reaches it."""

        async def on_call_tool(ctx: Ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
            refused = self.check(params.name, params.arguments)
            if refused is not None:
                return refused
            return await handler(ctx, params)

        on_call_tool.__doc__ = handler.__doc__
        return on_call_tool
