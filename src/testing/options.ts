import { READ_PERMISSIONS, type WriteArea } from './core/permissions.js';
import type { AccountSetup } from './state/account.js';
import type { FakeAccountOptions, FakeApiOptions, FakeRateLimit } from './types.js';
import type { WebhookTargets } from './webhooks/dispatcher.js';

/** Options with defaults applied and checked once, so the rest of the fake never re-checks them. */
export interface ResolvedOptions {
  catalogSize: number;
  rateLimit: FakeRateLimit | undefined;
  now: () => Date;
  accepts: (token: string) => boolean;
  setupOf: (token: string) => AccountSetup;
  writePermissions: Readonly<Partial<Record<WriteArea, string>>>;
  targets: WebhookTargets;
  stockWebhookDelayMs: number;
  baseUrl: string | undefined;
  maxBodyBytes: number;
  maxRecordedRequests: number;
}

/** Largest request body the fake reads (32 MiB); a larger one is answered 413 without being buffered. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Requests kept in `fake.requests` (the oldest dropped first). */
export const DEFAULT_MAX_RECORDED_REQUESTS = 1000;

/** The spec's rate: 60 calls per minute per partner. */
export const DEFAULT_RATE_LIMIT: Readonly<FakeRateLimit> = Object.freeze({ limit: 60, windowMs: 60_000 });

/** The spec's "about 1 minute" before a stock notice. */
export const DEFAULT_STOCK_WEBHOOK_DELAY_MS = 60_000;

const WRITE_AREAS: readonly WriteArea[] = ['pedidos', 'clientes', 'etiquetas', 'lojaHub'];

/** Applies defaults. @throws {TypeError} naming the option that is wrong, so setup errors are obvious. */
export function resolveOptions(options: FakeApiOptions = {}): ResolvedOptions {
  const { catalogSize = 30, rateLimit = DEFAULT_RATE_LIMIT, now = () => new Date(), tokens, stockWebhookDelayMs = DEFAULT_STOCK_WEBHOOK_DELAY_MS } = options;
  if (!(Number.isInteger(catalogSize) && catalogSize >= 0 && catalogSize <= 9999)) {
    throw new TypeError(`catalogSize must be an integer from 0 to 9999 (got ${String(catalogSize)})`);
  }
  if (rateLimit !== false) {
    if (!(Number.isInteger(rateLimit.limit) && rateLimit.limit >= 1)) throw new TypeError('rateLimit.limit must be an integer >= 1');
    if (!(Number.isFinite(rateLimit.windowMs) && rateLimit.windowMs > 0)) throw new TypeError('rateLimit.windowMs must be a number > 0');
  }
  if (typeof now !== 'function') throw new TypeError('now must be a function returning a Date');
  if (!(typeof stockWebhookDelayMs === 'number' && Number.isFinite(stockWebhookDelayMs) && stockWebhookDelayMs >= 0)) {
    throw new TypeError('stockWebhookDelayMs must be a finite number >= 0');
  }
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES, maxRecordedRequests = DEFAULT_MAX_RECORDED_REQUESTS } = options;
  if (!(Number.isInteger(maxBodyBytes) && maxBodyBytes >= 0)) throw new TypeError(`maxBodyBytes must be an integer >= 0 (got ${String(maxBodyBytes)})`);
  if (!(Number.isInteger(maxRecordedRequests) && maxRecordedRequests >= 0)) throw new TypeError(`maxRecordedRequests must be an integer >= 0 (got ${String(maxRecordedRequests)})`);
  const writePermissions = writePermissionsFrom(options.writePermissions);
  return {
    maxBodyBytes,
    maxRecordedRequests,
    catalogSize,
    rateLimit: rateLimit === false ? undefined : { ...rateLimit },
    now,
    accepts: acceptsFrom(tokens),
    setupOf: setupFrom(options.accounts, writePermissions),
    writePermissions,
    targets: targetsFrom(options),
    stockWebhookDelayMs,
    baseUrl: baseUrlFrom(options.baseUrl),
  };
}

function acceptsFrom(tokens: FakeApiOptions['tokens']): (token: string) => boolean {
  if (tokens === undefined) return (token) => token.startsWith('svc_sbx_');
  if (typeof tokens === 'function') return tokens;
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of strings or a predicate');
  const allowed = new Set<string>(tokens);
  return (token) => allowed.has(token);
}

function writePermissionsFrom(value: FakeApiOptions['writePermissions']): Partial<Record<WriteArea, string>> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) throw new TypeError('writePermissions must be an object');
  const out: Partial<Record<WriteArea, string>> = {};
  for (const [area, name] of Object.entries(value)) {
    if (!(WRITE_AREAS as readonly string[]).includes(area)) throw new TypeError(`writePermissions.${area} is not an area; use ${WRITE_AREAS.join(', ')}`);
    if (name === undefined) continue;
    if (typeof name !== 'string' || name === '') throw new TypeError(`writePermissions.${area} must be a non-empty string`);
    out[area as WriteArea] = name;
  }
  return out;
}

function setupFrom(accounts: FakeApiOptions['accounts'], writePermissions: Partial<Record<WriteArea, string>>): (token: string) => AccountSetup {
  if (accounts !== undefined && typeof accounts !== 'function' && (typeof accounts !== 'object' || accounts === null)) {
    throw new TypeError('accounts must be an object keyed by token or a function of the token');
  }
  const defaults = [...READ_PERMISSIONS, ...Object.values(writePermissions)];
  const lookup = (token: string): FakeAccountOptions | undefined =>
    typeof accounts === 'function' ? accounts(token) : accounts && Object.hasOwn(accounts, token) ? accounts[token] : undefined;
  const setupOf = (token: string): AccountSetup => {
    const account = lookup(token) ?? {};
    const { permissions = defaults, labelProviderConnected = true, storefrontReleased = true, profileComplete = true } = account;
    if (!Array.isArray(permissions) || !permissions.every((p) => typeof p === 'string')) {
      throw new TypeError(`accounts[${JSON.stringify(token)}].permissions must be an array of strings`);
    }
    return { permissions: new Set(permissions), labelProviderConnected, storefrontReleased, profileComplete };
  };
  // Accounts given as a record are checked now, so a typo fails where the fake is built.
  if (accounts !== undefined && typeof accounts !== 'function') for (const token of Object.keys(accounts)) setupOf(token);
  return setupOf;
}

function targetsFrom({ onWebhook, webhookUrl }: FakeApiOptions): WebhookTargets {
  if (onWebhook !== undefined && typeof onWebhook !== 'function') throw new TypeError('onWebhook must be a function');
  let url: string | undefined;
  if (webhookUrl !== undefined) {
    const parsed = URL.canParse(String(webhookUrl)) ? new URL(String(webhookUrl)) : undefined;
    if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new TypeError(`webhookUrl must be an http(s) URL (got ${String(webhookUrl)})`);
    url = parsed.href;
  }
  return { onWebhook, webhookUrl: url };
}

function baseUrlFrom(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  if (!URL.canParse(baseUrl)) throw new TypeError(`baseUrl must be an absolute URL (got ${baseUrl})`);
  return new URL(baseUrl).origin;
}
