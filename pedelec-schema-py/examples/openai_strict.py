"""A tool for OpenAI's strict mode: the schema exported for it, and the
model's call read back with strict mode's ``null``s taken out.

Strict mode makes every optional property required and nullable, so a
model that leaves ``note`` out writes ``"note": null``; the handler should
see the call as the tool's own schema describes it. With the OpenAI
Agents SDK, ``exported["schema"]`` is a ``FunctionTool``'s
``params_json_schema`` (with ``strict_json_schema=True``), and
``on_invoke_tool`` receives the arguments' text, which
``from_provider_text`` reads.

Run it with ``python examples/openai_strict.py``.
"""

from __future__ import annotations

import json

from pedelec_schema import ToolArgsSchema

schema = ToolArgsSchema.parse(
    {
        "type": "object",
        "properties": {
            "roomId": {"type": "string", "minLength": 1},
            "note": {"type": "string", "maxLength": 200},
            "priority": {"type": "integer", "minimum": 1, "maximum": 5},
        },
        "required": ["roomId"],
    }
)

exported = schema.export("openai-strict")
print("parameters:", json.dumps(exported["schema"]))
for change in exported["changes"]:
    print("changed:", change["code"], change["pointer"])


def on_invoke_tool(arguments: str) -> str:
    """What the Agents SDK calls with the model's arguments' text."""
    read = schema.from_provider_text(arguments, "openai-strict")
    if not read["ok"]:
        # The model reads this and corrects the call.
        return json.dumps({"error": read["error"]})
    return f"booked {read['value']}"


print(on_invoke_tool('{"roomId": "r1", "note": null, "priority": null}'))
print(on_invoke_tool('{"roomId": "", "note": null, "priority": 9}'))
