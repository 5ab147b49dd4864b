"""Check the arguments an AI agent sends a tool against the schema the
model was shown, exactly, and answer a refusal with one document the
model can act on.

The Pedelec argsSchema subset of JSON Schema through the Rust library
``pedelec-schema``: every verdict, message and document is the library's,
the same a Rust or TypeScript handler sends. Results are plain ``dict``s
and ``list``s, the JSON documents the npm package ``pedelec-schema``
returns, keys in the library's order.

Adapters: :mod:`pedelec_schema.mcp` (the official MCP SDK's low-level
server), :mod:`pedelec_schema.fastmcp` (a FastMCP middleware), and
:meth:`ToolArgsSchema.from_pydantic`.
"""

from __future__ import annotations

from ._errors import SchemaError
from ._native import (
    MAX_TEXT_LEN,
    ArgsStream,
    Tool,
    ToolArgsSchema,
    convert,
    grammar_for_tools,
    lint,
)

__all__ = [
    "MAX_TEXT_LEN",
    "ArgsStream",
    "SchemaError",
    "Tool",
    "ToolArgsSchema",
    "convert",
    "grammar_for_tools",
    "lint",
]
