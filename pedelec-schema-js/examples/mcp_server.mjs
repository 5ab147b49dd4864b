// An MCP server on the official TypeScript SDK (@modelcontextprotocol/sdk)
// whose tool's arguments and result are checked by `pedelec-schema`: the
// JavaScript twin of the Rust example on rmcp (examples/interop/
// rmcp_server.rs), with its `add_to_counter` tool and its conventions.
//
// - `tools/list` publishes the tool's input and output schemas as written
//   below: plain JSON Schema inside the subset, parsed once at start, so a
//   schema outside the subset stops the server before it serves anything.
// - A call whose arguments the input schema refuses comes back as a tool
//   result with `isError: true`, so the model reads it and corrects
//   itself. Its one text block is the agent-facing error document,
//   `{"error": {"code": "INVALID_ARGS", "message", "errors": [...]}}`, every
//   failure with its path. It has no `structuredContent`: that field
//   promises the output schema, and the SDK's client checks it against
//   that schema whenever it is present, errors included.
// - A result is checked against the output schema before it is sent. The
//   handler does not clamp the counter, so the call that would take it
//   past ±1000 is the server's own error: JSON-RPC -32603 naming every
//   failure (the document in its `data`), never a result that breaks the
//   published schema.
//
// The SDK's `McpServer` takes Zod schemas and checks arguments with Zod;
// the lower-level `Server` takes the JSON Schemas as they are, and leaves
// the check to the handler.
//
// Run it with `node examples/mcp_server.mjs` where both packages are
// installed; it speaks MCP on stdin and stdout. tests/mcp.test.mjs drives
// it with the SDK's client.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ToolArgsSchema } from 'pedelec-schema';

const addToCounter = {
  name: 'add_to_counter',
  description: 'Adds a signed amount to the counter and returns its new value.',
  inputSchema: {
    type: 'object',
    description: 'Adds a signed amount to the counter.',
    properties: {
      delta: { type: 'integer', description: 'Signed amount to add to the counter.', minimum: -100, maximum: 100 },
      reason: { type: 'string', description: 'Why, for the log.', maxLength: 200 },
    },
    required: ['delta'],
  },
  outputSchema: {
    type: 'object',
    description: 'The counter after a call.',
    properties: {
      counter: { type: 'integer', description: "The counter's new value, always within ±1000.", minimum: -1000, maximum: 1000 },
      added: { type: 'integer', description: 'The amount that was added.' },
    },
    required: ['counter', 'added'],
  },
};

// Parsed once: every call is checked by the compiled schemas.
const args = ToolArgsSchema.parse(addToCounter.inputSchema);
const output = ToolArgsSchema.parse(addToCounter.outputSchema);

let counter = 0;

const server = new Server(
  { name: 'pedelec-counter-js', version: '0.1.0' },
  {
    capabilities: { tools: {} },
    instructions: "A counter; the tool's arguments and results are checked.",
  },
);

server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [addToCounter] }));

server.setRequestHandler(CallToolRequestSchema, (request) => {
  const { name, arguments: given } = request.params;
  if (name !== addToCounter.name) {
    throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${name}`);
  }
  // A call may leave out `arguments`; it is then a call without any, which
  // the schema judges like any other (here: `delta` is missing).
  const verdict = args.validate(given ?? {});
  if (!verdict.ok) {
    return { content: [{ type: 'text', text: JSON.stringify({ error: verdict.error }) }], isError: true };
  }
  // Not clamped: the output check keeps the promise of ±1000.
  counter += given.delta;
  return structured({ counter, added: given.delta });
});

// A result in MCP's shape, checked first: `structuredContent` with its JSON
// text in `content`, for clients that read only text.
function structured(value) {
  const verdict = output.validate(value);
  if (!verdict.ok) {
    const failures = verdict.error.errors.map((entry) => `${entry.path || '(root)'}: ${entry.message}`).join('; ');
    throw new McpError(
      ErrorCode.InternalError,
      `The tool's result does not match its output schema: ${failures}`,
      verdict.error,
    );
  }
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value, isError: false };
}

await server.connect(new StdioServerTransport());
