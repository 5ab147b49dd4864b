"""The examples run, and say what their docstrings promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_openai_strict_example_takes_the_nulls_out_and_refuses_with_the_document() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "openai_strict.py")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert '"required": ["roomId", "note", "priority"]' in lines[0]
    assert "changed: optional_to_nullable /properties/note" in lines
    assert "booked {'roomId': 'r1'}" in lines
    assert lines[-1].startswith('{"error": {"code": "INVALID_ARGS"')
