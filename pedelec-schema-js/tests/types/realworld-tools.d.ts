// Generated, not written: what `pedelec-lint --export typescript` writes for
// the three real tools of realworld-tools.json, for realworld.ts to compile
// against. tests/cli/typescript.rs (cargo test) fails when the command's
// output is no longer the text below this header; to regenerate, run from
// the repository's root
//   cargo run -q -p pedelec-lint -- --export typescript pedelec-schema-js/tests/types/realworld-tools.json
// and put its output under this header.

export type ViewFileArgs = {
  /** Path to file or directory to view */
  path: string;
  /** Starting line number for partial file view (optional) */
  start_line?: number;
  /** Ending line number for partial file view (optional) */
  end_line?: number;
  [key: string]: unknown;
};

export type CodexReplyArgs = {
  /** DEPRECATED: use threadId instead. */
  conversationId?: string;
  /** The *next user prompt* to continue the Codex conversation. */
  prompt: string;
  /** The thread id for this Codex session. This field is required, but we keep it optional here for backward compatibility for clients that still use conversationId. */
  threadId?: string;
  [key: string]: unknown;
};

export type SpawnBasicShapesArgs = {
  /**
   * @minItems 1
   * @maxItems 8
   */
  items: Array<{
    /** Supported basic shape type. */
    shape: "circle" | "square" | "rectangle" | "triangle" | "pentagon" | "hexagon" | "star" | "capsule";
    /**
     * Number of shapes to spawn for this item.
     * @integer
     * @minimum 1
     * @maximum 12
     * @default 1
     */
    count?: number;
    /**
     * Simple color name or #RRGGBB hex color.
     * @default "blue"
     */
    color?: string;
    /** Optional visual style hint. The first version uses it only as a fallback color string. */
    style?: string;
    /**
     * Shape size. Numeric values are preferred; use 12-24 by default, with 16 for small decorative shapes, 18 for normal shapes, 20 for emphasis, and 22-24 for main visual shapes. Use medium, large, or numeric sizes above 24 only when explicitly requested.
     * @default 18
     */
    size?: ("small" | "medium" | "large") | /** @minimum 8 @maximum 40 */ number;
    /**
     * Optional horizontal spawn hint from 0 left to 1 right.
     * @minimum 0
     * @maximum 1
     */
    xHint?: number;
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
};

declare const tools: {
  view_file(args: ViewFileArgs): Promise<unknown>;
  /** The tool "codex-reply". */
  codex_reply(args: CodexReplyArgs): Promise<unknown>;
  spawn_basic_shapes(args: SpawnBasicShapesArgs): Promise<unknown>;
};
