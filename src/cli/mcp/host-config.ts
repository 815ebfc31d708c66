import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** @internal The MCP hosts `mcp install` writes for. */
export const HOSTS = ['claude', 'cursor', 'vscode'] as const;
export type Host = (typeof HOSTS)[number];

/** @internal What goes into a host's configuration. */
export interface HostSetup {
  /** The server's name in the host (`partner-commerce`). */
  readonly name: string;
  /** Written into the file only when it is a sandbox token (`svc_sbx_`). */
  readonly token?: string | undefined;
  readonly baseUrl?: string | undefined;
  /** Extra `mcp` arguments (`--mirror-dir <absolute folder>`, `--allow-writes`). */
  readonly mcpArgs: readonly string[];
}

/** How npx starts the command with the optional peer beside it, on a machine with neither installed. */
export const NPX_ARGS = ['-y', '-p', 'partner-commerce', '-p', '@modelcontextprotocol/sdk', 'partner-commerce', 'mcp'] as const;

// Not token-shaped: the CLI's output guard would hide part of a `svc_sbx_...` placeholder.
const PLACEHOLDER = '<your sandbox token>';
const INPUT_ID = 'partner-commerce-token';
/** VS Code's reference to an input it asks for when it starts the server, and keeps in its secret storage. */
const ASK = `\${input:${INPUT_ID}}`;

/** @internal Whether `token` may be written into a host's file: only a sandbox token, whose worst case costs nothing. */
export const embeddable = (token: string | undefined): token is string => token !== undefined && token.startsWith('svc_sbx_');

/**
 * @internal The server entry for `host`, and the top-level keys it needs. `printed` leaves every token
 * out (a placeholder in its place), since the CLI never prints a token; a file gets a sandbox token,
 * never another: VS Code then asks for it (an input), the other hosts get none.
 */
export function hostEntry(host: Host, setup: HostSetup, printed: boolean): Record<string, unknown> {
  const token = embeddable(setup.token) ? (printed ? PLACEHOLDER : setup.token) : host === 'vscode' ? ASK : printed ? PLACEHOLDER : undefined;
  const env = { ...(token !== undefined ? { PARTNER_COMMERCE_TOKEN: token } : {}), ...(setup.baseUrl ? { PARTNER_COMMERCE_BASE_URL: setup.baseUrl } : {}) };
  const server = { ...(host === 'vscode' ? { type: 'stdio' } : {}), command: 'npx', args: [...NPX_ARGS, ...setup.mcpArgs], env };
  if (host === 'vscode') {
    const asks = token === ASK;
    return { ...(asks ? { inputs: [{ type: 'promptString', id: INPUT_ID, description: 'Partner Commerce token', password: true }] } : {}), servers: { [setup.name]: server } };
  }
  return { mcpServers: { [setup.name]: server } };
}

/** @internal Where `host` reads its configuration: the user's for Claude Desktop and Cursor, the project's (`cwd`) for VS Code. */
export function hostConfigPath(host: Host, env: Readonly<Record<string, string | undefined>>, cwd: string, platform: NodeJS.Platform = process.platform): string {
  const home = env['HOME'] || homedir();
  if (host === 'vscode') return resolve(cwd, '.vscode', 'mcp.json');
  if (host === 'cursor') return join(home, '.cursor', 'mcp.json');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  if (platform === 'win32') return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), 'Claude', 'claude_desktop_config.json');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * @internal `existing` (a host's parsed file) with `entry` merged in: this server's entry replaced,
 * every other server and key kept; VS Code's input added once.
 */
export function mergeHostConfig(existing: unknown, entry: Record<string, unknown>): Record<string, unknown> {
  const base = isObject(existing) ? { ...existing } : {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'inputs' && Array.isArray(value)) {
      const had = Array.isArray(base['inputs']) ? (base['inputs'] as unknown[]) : [];
      const ids = new Set(value.map((i) => (i as { id: string }).id));
      base['inputs'] = [...had.filter((i) => !(isObject(i) && ids.has(i['id'] as string))), ...(value as unknown[])];
    } else if (isObject(value)) {
      base[key] = { ...(isObject(base[key]) ? base[key] : {}), ...value };
    }
  }
  return base;
}
