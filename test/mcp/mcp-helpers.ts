import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src/mcp/index.js';
import type { McpServerOptions } from '../../src/mcp/index.js';
import { startInProcess, type LiveInProcess } from '../cli/cli-in-process.js';

/** What a tool call gave back, as the MCP client reads it. */
export interface CallOutcome {
  isError: boolean;
  structured: Record<string, unknown>;
  text: string;
  /** Every byte of the answer as the client received it. */
  raw: string;
}

/** An in-process server and the MCP SDK's own client, joined by its InMemoryTransport. */
export async function connected(options: McpServerOptions): Promise<{ client: Client; call: (name: string, args?: Record<string, unknown>) => Promise<CallOutcome>; close: () => Promise<void> }> {
  const server = createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '0.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  // As a host does: with the list read, the client checks every answer against its tool's outputSchema.
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallOutcome> => outcome(await client.callTool({ name, arguments: args }));
  return { client, call, close: async () => (await client.close(), await server.close()) };
}

/** Reads a CallToolResult. */
export function outcome(result: Awaited<ReturnType<Client['callTool']>>): CallOutcome {
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, structured: (result.structuredContent ?? {}) as Record<string, unknown>, text: content[0]?.text ?? '', raw: JSON.stringify(result) };
}

/**
 * `partner-commerce mcp --http 0 --json <args>` run in this process (cli-in-process.ts), for tests whose
 * point is what the command serves, not its process: the URL it serves at, and the running command.
 */
export async function mcpHttpInProcess(args: string[], env: Record<string, string>): Promise<{ url: URL; live: LiveInProcess }> {
  const live = startInProcess(['mcp', '--http', '0', '--json', ...args], env);
  // --json: the startup notice is one JSON line on standard error.
  const serving = live.waitForStderr((l) => l.startsWith('{"type":"serving"'));
  const line = await Promise.race([serving, live.exited.then((code) => Promise.reject(new Error(`mcp exited ${code}: ${live.stderr()}`)))]);
  return { url: new URL((JSON.parse(line) as { url: string }).url), live };
}
