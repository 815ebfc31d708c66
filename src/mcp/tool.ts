import * as z from 'zod/mini';
import type { ToolResult } from './tool-result.js';

/** @internal One MCP tool as the server lists it and runs it. */
export interface McpTool {
  /** `[a-z_]`: the operation id with `_` for `.` (`pedidos_obter`), or an English name for what the SDK adds (`mirror_status`). */
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments, in their wire form (money as `"129.90"` strings). */
  readonly inputSchema: Record<string, unknown>;
  /** JSON Schema of a successful result's `structuredContent`, which hosts may validate answers against. */
  readonly outputSchema: Record<string, unknown>;
  /** MCP's behaviour hints, for hosts that ask before running a tool that changes something. */
  readonly annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  /** Runs the tool; never rejects: a failure is a result with `isError`. */
  run(args: Record<string, unknown>): Promise<ToolResult>;
}

/** @internal The tool name of an operation id: `pedidos.rastreios.adicionar` → `pedidos_rastreios_adicionar`. */
export const toolName = (operationId: string): string => operationId.replaceAll('.', '_');

/** @internal A schema's input form as JSON Schema, without its `$schema` dialect line (MCP's inputSchema has none). */
export function inputJsonSchema(schema: z.ZodMiniType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}
