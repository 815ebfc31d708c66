import * as z from 'zod/mini';
import type { PartnerCommerce } from '../client.js';
import { checkOptions, hasMethods } from '../errors/check-options.js';
import { once } from '../internal/once.js';
import type { Mirror } from '../mirror/mirror.js';
import { RATE_PRIORITIES, type RatePriority } from '../transport/rate-limit/priority.js';
import { VERSION } from '../version.js';
import { DEFAULT_SCRIPT_LIMITS, type ResolvedScriptLimits, type ScriptLimits } from './script/script-limits.js';
import { unknownSelection } from './tool-selection.js';

/** The fields given a value: an explicit `undefined` keeps the default. */
const definedOnly = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /**
   * The client every tool call goes through, so each call spends the same rate budget, retries by the
   * same rules, runs the same hooks and sends the same Idempotency-Keys as the partner's own code.
   * Its token decides which tools exist: sandbox-only tools and (by default) write tools need `svc_sbx_`.
   */
  client: PartnerCommerce;
  /**
   * A catalog mirror (`createMirror` from `partner-commerce/mirror`), already filled by a backfill.
   * With it `produtos_obter` and `produtos_estoque` answer from the store at zero API calls, saying how
   * fresh the answer is, and `mirror_catalog` / `mirror_status` are added. The server only reads it:
   * it starts no backfill and no follow (the partner's own process keeps it current).
   * @default none: catalog tools call the API
   */
  mirror?: Mirror | undefined;
  /**
   * Offer the write tools (create an order, a customer, a label…). A model acts on whatever text it
   * reads, so changing the account is something the host opts into, never a default.
   * @default false
   */
  allowWrites?: boolean | undefined;
  /**
   * With `allowWrites`, offer the write tools with a production token (`svc_prod_`) too. Without it the
   * write tools exist only with a sandbox token, where a mistaken order costs nothing.
   * @default false
   */
  allowProductionWrites?: boolean | undefined;
  /**
   * Rate budget priority of every tool call. `interactive` because a person is waiting on the answer in
   * a chat: it goes before a mirror's `bulk` backfill or a sync job's `normal` calls sharing the budget.
   * @default 'interactive'
   */
  priority?: RatePriority | undefined;
  /**
   * Which tools `tools/list` gives. By default three that reach every operation in a few hundred tokens
   * of tool list: `search` (operations, records and guide topics by words), `describe` (one operation's
   * input, output, errors and an example) and `execute` (runs one by id). `'all'` lists a tool per
   * operation instead (with the mirror's tools when there is a mirror), as before; a list picks tools by
   * name (`'pedidos_obter'` or `'pedidos.obter'`), by resource (`'pedidos'` for every `pedidos_*` tool),
   * `'all'`, and the default tools by their names. The write and sandbox rules apply to every choice:
   * a tool they forbid is not listed whatever is asked.
   * @default ['search', 'describe', 'execute']
   */
  tools?: 'all' | readonly string[] | undefined;
  /**
   * Offer `execute_script`: the model sends a short JavaScript body that calls operations with
   * `api.call(operation, input)` and returns one small answer, so a question that needs many calls
   * costs one tool call and little context. It runs in a process of its own with Node's permission
   * model on and nothing granted (no files, no child processes, no environment, no token), in a fresh
   * context with nothing of Node, under the limits of `scriptLimits`; every call it makes goes through
   * `execute` here (the same checks, write rules, budget and priority). Node only. See docs/mcp.md,
   * "Code mode", for what this protects against and what it does not.
   * @default false
   */
  allowScripts?: boolean | undefined;
  /** Limits of each `execute_script` run. @default { timeoutMs: 10_000, memoryMb: 64, maxOutputBytes: 20_000, maxCalls: 50 } */
  scriptLimits?: ScriptLimits | undefined;
  /** Name the server gives MCP hosts in its handshake. @default 'partner-commerce' */
  name?: string | undefined;
  /** Version the server gives MCP hosts in its handshake. @default the package's version */
  version?: string | undefined;
}

/** @internal The options with their defaults applied. */
export interface ResolvedMcpOptions {
  client: PartnerCommerce;
  mirror: Mirror | undefined;
  allowWrites: boolean;
  allowProductionWrites: boolean;
  priority: RatePriority;
  /** The `tools` selection, `undefined` for the default set. */
  tools: readonly string[] | undefined;
  /** The limits of `execute_script`, `undefined` when it is not offered. */
  scripts: ResolvedScriptLimits | undefined;
  name: string;
  version: string;
}

const isClient = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && hasMethods(v, ['request']) && ['sandbox', 'production'].includes((v as { environment?: unknown }).environment as string);
const isMirror = (v: unknown): boolean => hasMethods(v, ['product', 'status', 'changedSince']);
const flag = () => z.optional(z.boolean());
const text = () => z.optional(z.string().check(z.minLength(1), z.maxLength(200)));

const between = (min: number, max: number) =>
  z.optional(
    z
      .int({ error: `must be an integer from ${min} to ${max}` })
      .check(z.minimum(min, { error: `must be an integer from ${min} to ${max}` }), z.maximum(max, { error: `must be an integer from ${min} to ${max}` })),
  );

const optionsSchema = once(() =>
  z.strictObject({
    client: z.custom<PartnerCommerce>(isClient, { error: 'must be a PartnerCommerce client (new PartnerCommerce({ token, baseUrl }))' }),
    mirror: z.optional(z.custom<Mirror>(isMirror, { error: 'must be a Mirror (createMirror from partner-commerce/mirror)' })),
    allowWrites: flag(),
    allowProductionWrites: flag(),
    priority: z.optional(z.custom<RatePriority>((v) => RATE_PRIORITIES.includes(v), { error: `must be one of ${RATE_PRIORITIES.map((p) => `'${p}'`).join(', ')}` })),
    tools: z.optional(
      z.union([
        z.literal('all'),
        z
          .array(z.string().check(z.refine((entry) => unknownSelection(entry) === undefined, { error: (issue) => unknownSelection(String(issue.input)) ?? 'is not a tool' })))
          .check(z.minLength(1, { error: "must name at least one tool, or be 'all'" })),
      ]),
    ),
    allowScripts: z.optional(z.boolean().check(z.refine((on) => !on || process.release?.name === 'node', { error: 'needs Node.js: scripts run in a Node process with the permission model' }))),
    scriptLimits: z.optional(
      z.strictObject({
        timeoutMs: between(100, 300_000),
        memoryMb: between(16, 4096),
        maxOutputBytes: between(100, 10_000_000),
        maxCalls: between(1, 1000),
      }),
    ),
    name: text(),
    version: text(),
  }),
);

/** @internal Refuses bad options all at once, naming each bad field, and applies the defaults. */
export function checkMcpOptions(options: McpServerOptions): ResolvedMcpOptions {
  const given = checkOptions(optionsSchema, options, 'createMcpServer');
  return {
    client: given.client,
    mirror: given.mirror,
    allowWrites: given.allowWrites ?? false,
    allowProductionWrites: given.allowProductionWrites ?? false,
    priority: given.priority ?? 'interactive',
    tools: given.tools === 'all' ? ['all'] : given.tools,
    scripts: given.allowScripts === true ? { ...DEFAULT_SCRIPT_LIMITS, ...definedOnly(given.scriptLimits ?? {}) } : undefined,
    name: given.name ?? 'partner-commerce',
    version: given.version ?? VERSION,
  };
}
