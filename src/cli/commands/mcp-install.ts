import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type ConnectionFlags } from '../connection.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { embeddable, hostConfigPath, hostEntry, HOSTS, mergeHostConfig, type Host } from '../mcp/host-config.js';
import { writeLines, type CliIo } from '../output.js';

/** Flags of `partner-commerce mcp install`. */
export interface McpInstallFlags extends ConnectionFlags {
  /** The host: `claude` (Claude Desktop), `cursor` or `vscode`. */
  client?: string | undefined;
  /** Write the host's file (merged with what it holds) instead of printing the configuration. */
  write?: boolean | undefined;
  /** The file to write, instead of the host's usual one. */
  config?: string | undefined;
  /** The server's name in the host. */
  name?: string | undefined;
  /** Add `--mirror-dir <folder>` (made absolute) to the server's arguments. */
  mirrorDir?: string | undefined;
  /** Add `--allow-writes` to the server's arguments. */
  allowWrites?: boolean | undefined;
  json?: boolean | undefined;
}

/**
 * Prints, or writes with `--write`, an MCP host's configuration for `partner-commerce mcp`. A sandbox
 * token (`svc_sbx_`) is written into the file, never printed; any other token is never written: VS
 * Code asks for it when it starts the server, the other hosts need it set by the user.
 */
export function mcpInstallCommand(flags: McpInstallFlags, io: CliIo, env: Readonly<Record<string, string | undefined>>): void {
  const host = flags.client as Host;
  if (!(HOSTS as readonly string[]).includes(host)) throw new CliFailure(`--client must be one of ${HOSTS.join(', ')}`, EXIT.usage);
  if (flags.mirrorDir !== undefined && !existsSync(flags.mirrorDir))
    throw new CliFailure(`--mirror-dir ${flags.mirrorDir} does not exist: fill it first with partner-commerce mirror --dir`, EXIT.usage);
  const setup = {
    name: flags.name ?? 'partner-commerce',
    token: flags.token?.trim() || undefined,
    baseUrl: flags.baseUrl ?? env['PARTNER_COMMERCE_BASE_URL'],
    mcpArgs: [...(flags.mirrorDir !== undefined ? ['--mirror-dir', resolve(flags.mirrorDir)] : []), ...(flags.allowWrites === true ? ['--allow-writes'] : [])],
  };
  const path = flags.config !== undefined ? resolve(flags.config) : hostConfigPath(host, env, process.cwd());
  const withToken = embeddable(setup.token);
  const tokenNote = withToken
    ? 'the sandbox token is in the file'
    : setup.token !== undefined
      ? 'the token is not written (only a sandbox token is): ' + (host === 'vscode' ? 'VS Code asks for it when it starts the server' : 'set PARTNER_COMMERCE_TOKEN in the env of the entry yourself')
      : 'no token found: ' + (host === 'vscode' ? 'VS Code asks for it when it starts the server' : 'set PARTNER_COMMERCE_TOKEN in the env of the entry');
  if (flags.write !== true) {
    const config = hostEntry(host, setup, true);
    if (flags.json === true) io.out(JSON.stringify({ client: host, path, written: false, config }));
    else {
      writeLines(io.out, JSON.stringify(config, null, 2));
      io.err(`Add this to ${path} (or run again with --write). The token is never printed: ${withToken ? 'with --write the sandbox token goes into the file' : tokenNote}.`);
    }
    return;
  }
  writeHostFile(path, hostEntry(host, setup, false), withToken);
  if (flags.json === true) io.out(JSON.stringify({ client: host, path, written: true, tokenWritten: withToken }));
  else io.out(`Wrote the partner-commerce server into ${path}; ${tokenNote}. Restart the host to load it.`);
}

/** Merges `entry` into the file at `path`, written whole or not at all; a file holding a token is the user's alone. */
function writeHostFile(path: string, entry: Record<string, unknown>, holdsToken: boolean): void {
  let existing: unknown;
  if (existsSync(path)) {
    try {
      existing = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    } catch {
      throw new CliFailure(`${path} is not plain JSON (comments or a syntax error): nothing was changed; add the printed configuration (mcp install without --write) by hand`, EXIT.failed);
    }
  }
  mkdirSync(dirname(path), { recursive: true });
  const mode = holdsToken ? 0o600 : existsSync(path) ? statSync(path).mode & 0o777 : 0o644;
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(mergeHostConfig(existing, entry), null, 2)}\n`, { mode });
  chmodSync(temp, mode);
  renameSync(temp, path);
}
