import { redactJson, redactTokens } from '../errors/redact.js';

/** @internal What a tool call answers: the shape of MCP's CallToolResult, kept free of the MCP SDK's types. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/**
 * @internal The JSON form of an SDK value, as the wire carries it: Money as its `"129.90"` string and a
 * Date as ISO 8601 (both through their toJSON, the way the CLI prints results), unknown fields kept.
 */
export function jsonSafe(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/**
 * @internal A result with its structured content and the same JSON as text (for hosts that show only
 * text). Every string is passed through token redaction last: a server may echo a token back, and no
 * answer a model reads may carry one.
 */
export function toolResult(body: Record<string, unknown>, isError = false): ToolResult {
  const structured = redactJson(jsonSafe(body) as Record<string, unknown>);
  return { content: [{ type: 'text', text: redactTokens(JSON.stringify(structured)) }], structuredContent: structured, ...(isError ? { isError: true } : {}) };
}
