"""The package's one exception of its own, raised from its Rust half."""

from __future__ import annotations

from typing import Any


class SchemaError(ValueError):
    """A schema outside the subset: the library's message and every
    finding it made, each ``{"severity", "code", "pointer", "message"}``,
    as the Rust library and the npm package list them."""

    message: str
    diagnostics: list[dict[str, Any]]

    def __init__(self, message: str, diagnostics: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.diagnostics))
