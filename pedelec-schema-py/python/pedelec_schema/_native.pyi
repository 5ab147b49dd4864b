"""Types of the package's Rust half; ``pedelec_schema`` re-exports them.

Results are the JSON documents the npm package ``pedelec-schema``
returns, as plain ``dict``s and ``list``s, keys in the library's order.
"""

from collections.abc import Sequence
from typing import Any, Literal, TypedDict

from typing_extensions import NotRequired

JSON = Any
"""A JSON value: ``dict`` with ``str`` keys, ``list``/``tuple``, ``str``,
``int``, ``float`` (finite), ``bool`` or ``None``."""

Profile = Literal[
    "mcp",
    "openai-strict",
    "openai-chat",
    "anthropic-strict",
    "gemini",
    "gemini-openapi",
    "llguidance",
    "xgrammar",
    "outlines",
    "llama-cpp",
]
GrammarFormat = Literal["gbnf", "lark"]

MAX_TEXT_LEN: int
"""The library's bound on a text of arguments, in bytes of UTF-8 (16 MiB);
a longer one is refused unread."""

class ErrorEntry(TypedDict):
    path: str
    keyword: str
    message: str
    schema_path: NotRequired[str]
    offset: NotRequired[int]

class ErrorDocument(TypedDict):
    code: str
    message: str
    errors: list[ErrorEntry]
    omitted: NotRequired[int]
    """How many failures the document leaves out to keep within its
    budget (16 KiB of JSON); present only when some are."""

class Change(TypedDict):
    pointer: str
    code: str
    effect: Literal["lossless", "widens", "narrows"]
    message: str

class Diagnostic(TypedDict):
    severity: Literal["error", "warning", "note"]
    code: str
    pointer: str
    message: str

class Valid(TypedDict):
    ok: Literal[True]

class Refused(TypedDict):
    ok: Literal[False]
    error: ErrorDocument

class Read(TypedDict):
    ok: Literal[True]
    value: JSON

class Repaired(TypedDict):
    ok: Literal[True]
    value: JSON
    changes: list[Change]
    note: str

class Progress(TypedDict):
    ok: Literal[True]
    bytes: int
    path: str

class StreamRefused(TypedDict):
    ok: Literal[False]
    error: ErrorDocument
    refusedAt: int | None

class Exported(TypedDict):
    schema: dict[str, JSON]
    changes: list[Change]

class ExportedTool(TypedDict):
    definition: dict[str, JSON]
    changes: list[Change]
    outputChanges: list[Change]

class Grammar(TypedDict):
    text: str
    changes: list[Change]

class Refusal(TypedDict):
    error: ErrorDocument
    summary: str

class Converted(TypedDict):
    ok: Literal[True]
    schema: ToolArgsSchema
    changes: list[Change]

class NotConverted(TypedDict):
    ok: Literal[False]
    reasons: list[dict[str, JSON]]

class ToolArgsSchema:
    """A schema inside the Pedelec argsSchema subset, compiled once; safe to
    share between threads."""

    @staticmethod
    def parse(schema: JSON | str | bytes) -> ToolArgsSchema:
        """Checks and compiles a schema (a ``dict`` or its JSON text); raises
        ``SchemaError`` with every finding when it is outside the subset."""
    @classmethod
    def from_pydantic(cls, model: Any) -> Converted | NotConverted:
        """A pydantic model's ``model_json_schema()`` through ``convert``."""
    def is_valid(self, args: JSON) -> bool:
        """Whether the arguments are valid; stops at the first failure."""
    def is_valid_text(self, text: str | bytes) -> bool:
        """Whether the arguments' JSON text is valid (text that is not JSON is not)."""
    def validate(self, args: JSON) -> Valid | Refused:
        """``{"ok": True}`` or the error document of every failure."""
    def validate_text(self, text: str | bytes) -> Valid | Refused:
        """``validate`` for the arguments' JSON text."""
    def repair(self, text: str | bytes) -> Repaired | Refused:
        """The arguments read from sloppy text, with what was repaired."""
    def from_provider_text(self, text: str | bytes, profile: Profile) -> Read | Refused:
        """A call written against ``profile``'s export, read back and checked."""
    def stream(self, profile: Profile | None = None) -> ArgsStream:
        """A stream checking the arguments' text as it arrives."""
    def export(self, profile: Profile) -> Exported:
        """The schema as ``profile`` takes it, with the changes made."""
    def grammar(self, format: GrammarFormat) -> Grammar:
        """A grammar for the arguments' text."""
    def to_json(self) -> dict[str, JSON]:
        """The schema as a JSON object, keys in canonical order."""
    def typescript(self, name: str) -> str:
        """A TypeScript declaration of the arguments' type."""
    def refusal_summary(self, args: JSON) -> Refusal | None:
        """``None`` for valid arguments, else the document and its one-line summary."""

class ArgsStream:
    """Arguments checked as their text arrives."""

    @property
    def bytes(self) -> int:
        """Bytes of UTF-8 read so far."""
    @property
    def path(self) -> str:
        """The JSON Pointer of the value being read."""
    def feed(self, piece: str) -> Progress | StreamRefused:
        """Reads the next piece."""
    def finish(self) -> Read | Refused:
        """The arguments, once the text is complete."""

class Tool:
    """A tool: a name, its arguments' schema, a description, a title, an output schema."""

    def __init__(
        self,
        name: str,
        schema: ToolArgsSchema,
        *,
        description: str | None = None,
        title: str | None = None,
        output_schema: ToolArgsSchema | None = None,
    ) -> None: ...
    def export(self, profile: Profile) -> ExportedTool:
        """The tool's definition as ``profile`` takes it."""

def lint(schema: JSON | str | bytes) -> list[Diagnostic]:
    """The lint findings for a schema."""

def convert(schema: JSON | str | bytes) -> Converted | NotConverted:
    """Any JSON Schema converted into the subset, every change listed."""

def grammar_for_tools(tools: Sequence[Tool], format: GrammarFormat) -> Grammar:
    """One grammar for a call of any of the tools."""
