import * as z from 'zod/mini';
import type { PartnerCommerce } from '../client.js';
import { checkOptions, hasMethods } from '../errors/check-options.js';
import { once } from '../internal/once.js';
import type { Mirror } from '../mirror/mirror.js';
import { RATE_PRIORITIES, type RatePriority } from '../transport/rate-limit/priority.js';
import { VERSION } from '../version.js';

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
  name: string;
  version: string;
}

const isClient = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && hasMethods(v, ['request']) && ['sandbox', 'production'].includes((v as { environment?: unknown }).environment as string);
const isMirror = (v: unknown): boolean => hasMethods(v, ['product', 'status', 'changedSince']);
const flag = () => z.optional(z.boolean());
const text = () => z.optional(z.string().check(z.minLength(1), z.maxLength(200)));

const optionsSchema = once(() =>
  z.strictObject({
    client: z.custom<PartnerCommerce>(isClient, { error: 'must be a PartnerCommerce client (new PartnerCommerce({ token, baseUrl }))' }),
    mirror: z.optional(z.custom<Mirror>(isMirror, { error: 'must be a Mirror (createMirror from partner-commerce/mirror)' })),
    allowWrites: flag(),
    allowProductionWrites: flag(),
    priority: z.optional(z.custom<RatePriority>((v) => RATE_PRIORITIES.includes(v as RatePriority), { error: `must be one of ${RATE_PRIORITIES.map((p) => `'${p}'`).join(', ')}` })),
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
    name: given.name ?? 'partner-commerce',
    version: given.version ?? VERSION,
  };
}
