import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { McpServerOptions } from '../../mcp/index.js';
import { createMirror, type Mirror } from '../../mirror/index.js';
import { serveFetch } from '../../testing/index.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { CliIo } from '../output.js';
import { loopbackGuard, parseHttpListen } from '../mcp/loopback.js';
import { storeFrom } from '../mirror/store-from.js';

/** Flags of `partner-commerce mcp`. */
export interface McpFlags extends ConnectionFlags {
  /** Serve Streamable HTTP on 127.0.0.1 at this port (or `127.0.0.1:port`, `localhost:port`) instead of stdio. */
  http?: string | undefined;
  /** Offer the write tools (sandbox token only, unless {@link McpFlags.allowProductionWrites}). */
  allowWrites?: boolean | undefined;
  /** With `allowWrites`, offer them with a production token too. */
  allowProductionWrites?: boolean | undefined;
  /** Folder of an embedded mirror `partner-commerce mirror --dir` filled. */
  mirrorDir?: string | undefined;
  /** Postgres database of a mirror. */
  mirrorPostgres?: string | undefined;
  /** Offer `execute_script` (code mode) with its default limits. */
  allowScripts?: boolean | undefined;
  /** `all`, or tool names and resources separated by commas: listed in place of search, describe and execute. */
  tools?: string | undefined;
  /** The startup notice on standard error as one JSON line (standard output is the protocol's). */
  json?: boolean | undefined;
}

const MISSING_SDK = 'partner-commerce mcp needs the optional package @modelcontextprotocol/sdk: install it next to partner-commerce (npm install @modelcontextprotocol/sdk)';

/**
 * @internal Whether `err` is Node failing to find the MCP SDK itself (not an error inside it), also
 * when a loader wrapped that failure in one of its own (its `cause`).
 */
export function isMissingSdk(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /^Cannot find (package|module)/.test(e.message);
    if (notFound && e.message.includes('@modelcontextprotocol/sdk')) return true;
  }
  return false;
}

/** Imports `load()`, turning a missing MCP SDK into one line that says what to install. */
async function needSdk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isMissingSdk(err)) throw new CliFailure(MISSING_SDK, EXIT.failed);
    throw err;
  }
}

/**
 * Serves the SDK's operations as MCP tools: over stdio (standard output carries only protocol
 * messages; every log line goes to standard error) or, with `--http`, Streamable HTTP on 127.0.0.1
 * only. With a mirror flag the catalog tools read that mirror; `mcp` never starts a backfill or a
 * follow. With Postgres, run `partner-commerce mirror` beside it to keep the mirror current; an
 * embedded folder (SQLite or PGlite) is locked by one process at a time, so run `mirror --once` while
 * `mcp` is stopped. Runs until its client closes standard input (stdio) or Ctrl-C.
 */
export async function mcpCommand(flags: McpFlags, io: CliIo, stopped: Promise<void>): Promise<void> {
  const listen = flags.http === undefined ? undefined : parseHttpListen(flags.http);
  if (flags.mirrorDir !== undefined && flags.mirrorPostgres !== undefined) throw new CliFailure('give --mirror-dir or --mirror-postgres, not both', EXIT.usage);
  if (flags.allowProductionWrites === true && flags.allowWrites !== true) throw new CliFailure('--allow-production-writes only widens --allow-writes: give both', EXIT.usage);
  // Dynamic: every other command of the CLI runs without the optional MCP SDK installed.
  const { createMcpServer } = await needSdk(() => import('../../mcp/index.js'));
  const client = clientFrom(flags);
  const mirror = mirrorFrom(flags, client);
  const options: McpServerOptions = {
    client,
    mirror,
    allowWrites: flags.allowWrites === true,
    allowProductionWrites: flags.allowProductionWrites === true,
    ...(flags.tools === undefined ? {} : { tools: toolsFrom(flags.tools) }),
    ...(flags.allowScripts === true ? { allowScripts: true } : {}),
  };
  // Checks the options before anything listens; stdio serves this one, HTTP makes one per request.
  const first = createMcpServer(options);
  // The notice restates createMcpServer's write rule: the CLI sees only the public entry, which
  // exports no second name for it (docs/mcp.md states the rule).
  const writesOn = options.allowWrites === true && (client.environment === 'sandbox' || options.allowProductionWrites === true);
  const where = mirror ? `; catalog tools read the mirror (${flags.mirrorDir !== undefined ? 'folder' : 'postgres'}), which mcp does not update` : '';
  const writes = writesOn ? `writes allowed (${client.environment})` : flags.allowWrites === true ? 'read-only (a production token needs --allow-production-writes)' : 'read-only';
  const serving = (transport: 'stdio' | 'http', url?: string): void =>
    io.err(
      flags.json === true
        ? JSON.stringify({ type: 'serving', transport, url: url ?? null, environment: client.environment, writes: writesOn, mirror: mirror !== undefined })
        : `partner-commerce mcp: serving ${url ? `Streamable HTTP at ${url} (loopback only)` : 'over stdio'}, ${writes}${where}`,
    );
  try {
    if (listen === undefined) {
      const { StdioServerTransport } = await needSdk(() => import('@modelcontextprotocol/sdk/server/stdio.js'));
      const server = first;
      const closed = new Promise<void>((done) => (server.onclose = done));
      // The host ends the session by closing our standard input.
      const ended = new Promise<void>((done) => process.stdin.once('end', done));
      await server.connect(new StdioServerTransport());
      serving('stdio');
      await Promise.race([stopped, closed, ended]);
      await server.close();
      return;
    }
    const { WebStandardStreamableHTTPServerTransport } = await needSdk(() => import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'));
    // Stateless: one server and transport per request, so no session outlives its answer.
    const http = await serveFetch(
      loopbackGuard(async (request) => {
        const server = createMcpServer(options);
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        try {
          return await transport.handleRequest(request);
        } finally {
          await server.close();
        }
      }),
      { port: listen },
    );
    serving('http', `${http.url}/mcp`);
    await stopped;
    await http.close();
  } finally {
    await mirror?.close();
    await client.close();
  }
}

/** `--tools`: `all`, or a comma-separated list (empty entries dropped; createMcpServer names a bad one). */
function toolsFrom(value: string): 'all' | string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  return entries.length === 1 && entries[0] === 'all' ? 'all' : entries;
}

function mirrorFrom({ mirrorDir, mirrorPostgres }: McpFlags, client: ReturnType<typeof clientFrom>): Mirror | undefined {
  if (mirrorPostgres === undefined) {
    if (mirrorDir === undefined) return undefined;
    const dir = resolve(mirrorDir);
    // An empty folder would become a new, empty mirror whose every answer is "not found".
    if (!existsSync(dir)) throw new CliFailure(`--mirror-dir ${dir} holds no mirror: fill one first with partner-commerce mirror --dir ${mirrorDir} --once`, EXIT.usage);
  }
  // With --mirror-postgres the folder is not read.
  return createMirror({ client, store: storeFrom(mirrorPostgres, mirrorDir ?? '', '--mirror-postgres').store });
}
