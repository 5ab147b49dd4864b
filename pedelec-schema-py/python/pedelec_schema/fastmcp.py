"""A FastMCP middleware that checks ``tools/call`` arguments against the
tool's published ``inputSchema``, exactly, before FastMCP's own reading.

FastMCP validates arguments with pydantic in lax mode (``"10"`` becomes
``10``) and sends the model ``str(ValidationError)``. :class:`ArgsCheck`
checks the arguments against the schema the model was shown - the
tool's ``inputSchema``, converted into the subset with ``convert`` - and
answers a refusal with the library's error document (``isError: true``,
the text ``{"error": {...}}``), every failure with its path. What the
conversion changed (a keyword the subset has not, checked by the tool's
own code instead) is logged once per tool, as a warning on the logger
``pedelec_schema.fastmcp``; :meth:`ArgsCheck.prepare` converts every tool
at start-up so that it is said then, and returns it.

Needs the ``fastmcp`` package (written against 4.1.6).
"""

from __future__ import annotations

import json
import logging
from typing import Any

import mcp_types as mt
from fastmcp import FastMCP
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools.base import Tool, ToolResult

from . import ToolArgsSchema, convert

__all__ = ["ArgsCheck"]

logger = logging.getLogger("pedelec_schema.fastmcp")


class ArgsCheck(Middleware):
    """Checks each ``tools/call`` against the tool's ``inputSchema``.

    >>> mcp = FastMCP("notes", middleware=[ArgsCheck()])  # doctest: +SKIP
    """

    def __init__(self) -> None:
        # By tool name: the schema text it was converted from, and the
        # converted schema (None where the conversion refused it).
        self._converted: dict[str, tuple[str, ToolArgsSchema | None]] = {}

    def schema_for(self, tool: Tool) -> ToolArgsSchema | None:
        """The tool's ``inputSchema`` in the subset, converted once (and
        again only if the tool's schema changes); ``None`` where it cannot
        be converted, and then FastMCP's own check is the only one."""
        text = json.dumps(tool.parameters, sort_keys=False)
        held = self._converted.get(tool.name)
        if held is not None and held[0] == text:
            return held[1]
        converted = convert(text)
        schema: ToolArgsSchema | None = None
        if converted["ok"]:
            schema = converted["schema"]
            for change in converted["changes"]:
                logger.warning(
                    "tool %s: %s at %s: %s",
                    tool.name,
                    change["code"],
                    change["pointer"] or "(root)",
                    change["message"],
                )
        else:
            for reason in converted["reasons"]:
                logger.warning(
                    "tool %s is not checked: %s", tool.name, reason.get("message", reason)
                )
        self._converted[tool.name] = (text, schema)
        return schema

    async def prepare(self, server: FastMCP) -> dict[str, list[dict[str, Any]] | None]:
        """Converts every tool of ``server`` now, logging what changed;
        returns, by tool name, the conversion's changes (``None`` for a
        tool it could not convert)."""
        report: dict[str, list[dict[str, Any]] | None] = {}
        for tool in await server.list_tools(run_middleware=False):
            schema = self.schema_for(tool)
            report[tool.name] = None if schema is None else convert(tool.parameters)["changes"]
        return report

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        server = context.fastmcp_context.fastmcp if context.fastmcp_context else None
        tool = await server.get_tool(context.message.name) if server is not None else None
        schema = self.schema_for(tool) if tool is not None else None
        if schema is not None:
            arguments = context.message.arguments or {}
            verdict = schema.validate(arguments)
            if not verdict["ok"]:
                text = json.dumps({"error": verdict["error"]}, ensure_ascii=False)
                return ToolResult(content=[mt.TextContent(text=text)], is_error=True)
        return await call_next(context)
