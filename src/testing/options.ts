import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { unknownOptionIssues } from '../errors/check-options.js';
import { READ_PERMISSIONS, type WriteArea } from './core/permissions.js';
import type { AccountSetup } from './state/account.js';
import type { FakeAccountOptions, FakeApiOptions, FakeRateLimit } from './types.js';
import { deliveryFrom } from './webhooks/delivery-options.js';
import type { DeliveryOptions, WebhookTargets } from './webhooks/dispatcher.js';

/** Options with defaults applied and checked once, so the rest of the fake never re-checks them. */
export interface ResolvedOptions {
  catalogSize: number;
  rateLimit: Required<FakeRateLimit> | undefined;
  now: () => Date;
  accepts: (token: string) => boolean;
  setupOf: (token: string) => AccountSetup;
  writePermissions: Readonly<Partial<Record<WriteArea, string>>>;
  targets: WebhookTargets;
  /** How notices are signed and what befalls them on the way (`webhookSecret`, `signWebhook`, `webhookFaults`). */
  delivery: DeliveryOptions;
  stockWebhookDelayMs: number;
  baseUrl: string | undefined;
  maxBodyBytes: number;
  maxRecordedRequests: number;
  maxRecordedWebhooks: number;
  sendNulls: boolean;
}

/** Largest request body the fake reads (32 MiB); a larger one is answered 413 without being buffered. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Requests kept in `fake.requests` (the oldest dropped first). */
export const DEFAULT_MAX_RECORDED_REQUESTS = 1000;

/** Notices kept in `fake.webhooks`. */
export const DEFAULT_MAX_RECORDED_WEBHOOKS = 1000;

/** The spec's rate: 60 calls per minute per partner. */
export const DEFAULT_RATE_LIMIT: Readonly<Required<FakeRateLimit>> = Object.freeze({ perMinute: 60, windowMs: 60_000 });

/** The spec's "about 1 minute" before a stock notice. */
export const DEFAULT_STOCK_WEBHOOK_DELAY_MS = 60_000;

// Every option, so that one a program misspells or still writes by its former name is refused, not ignored.
const OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({
    catalogSize: 1,
    rateLimit: 1,
    now: 1,
    tokens: 1,
    accounts: 1,
    writePermissions: 1,
    onWebhook: 1,
    webhookUrl: 1,
    sendNulls: 1,
    webhookSecret: 1,
    signWebhook: 1,
    webhookFaults: 1,
    stockWebhookDelayMs: 1,
    maxBodyBytes: 1,
    maxRecordedRequests: 1,
    maxRecordedWebhooks: 1,
    baseUrl: 1,
  } satisfies Record<keyof FakeApiOptions, 1>),
);
const RATE_LIMIT_NAMES: ReadonlySet<string> = new Set(Object.keys({ perMinute: 1, windowMs: 1 } satisfies Record<keyof FakeRateLimit, 1>));

const WRITE_AREAS: readonly WriteArea[] = ['pedidos', 'clientes', 'etiquetas', 'lojaHub'];

/** Where each check records what is wrong, so one error names every bad option, not only the first. */
type Issues = InputIssue[];

/**
 * Applies defaults and checks every option.
 * @throws {InvalidInputError} naming every option that is wrong (`issues[].path`), so a setup with three
 * mistakes is fixed in one run, in the same style the client reports its own options.
 */
export function resolveOptions(options: FakeApiOptions = {}): ResolvedOptions {
  const issues: Issues = [];
  const bad = (path: string, message: string): void => void issues.push({ path, message });
  const { catalogSize = 30, rateLimit = DEFAULT_RATE_LIMIT, now = () => new Date(), tokens, stockWebhookDelayMs = DEFAULT_STOCK_WEBHOOK_DELAY_MS, sendNulls = false } = options;
  if (!(Number.isInteger(catalogSize) && catalogSize >= 0 && catalogSize <= 9999)) bad('catalogSize', `must be an integer from 0 to 9999 (got ${String(catalogSize)})`);
  issues.push(...unknownOptionIssues(options, OPTION_NAMES, 'createFakeApi'));
  const { windowMs = DEFAULT_RATE_LIMIT.windowMs } = rateLimit || {};
  if (rateLimit !== false) {
    if (typeof rateLimit !== 'object' || rateLimit === null) bad('rateLimit', 'must be { perMinute, windowMs? } or false');
    else {
      const renamed = unknownOptionIssues(rateLimit, RATE_LIMIT_NAMES, 'createFakeApi', 'rateLimit');
      issues.push(...renamed);
      // A former `limit` already says to write perMinute; "perMinute must be an integer" beside it would say it twice.
      const saidAlready = renamed.some((issue) => issue.path === 'rateLimit.limit');
      if (!saidAlready && !(Number.isInteger(rateLimit.perMinute) && rateLimit.perMinute >= 1)) bad('rateLimit.perMinute', `must be an integer >= 1 (got ${String(rateLimit.perMinute)})`);
      if (!(typeof windowMs === 'number' && Number.isFinite(windowMs) && windowMs > 0)) bad('rateLimit.windowMs', `must be a number of milliseconds > 0 (got ${String(windowMs)})`);
    }
  }
  if (typeof now !== 'function') bad('now', 'must be a function returning a Date');
  if (!(typeof stockWebhookDelayMs === 'number' && Number.isFinite(stockWebhookDelayMs) && stockWebhookDelayMs >= 0)) {
    bad('stockWebhookDelayMs', `must be a finite number >= 0 (got ${String(stockWebhookDelayMs)})`);
  }
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES, maxRecordedRequests = DEFAULT_MAX_RECORDED_REQUESTS, maxRecordedWebhooks = DEFAULT_MAX_RECORDED_WEBHOOKS } = options;
  const counts = { maxBodyBytes, maxRecordedRequests, maxRecordedWebhooks };
  for (const [path, value] of Object.entries(counts)) if (!(Number.isInteger(value) && value >= 0)) bad(path, `must be an integer >= 0 (got ${String(value)})`);
  if (typeof sendNulls !== 'boolean') bad('sendNulls', `must be a boolean (got ${typeof sendNulls})`);
  const writePermissions = writePermissionsFrom(options.writePermissions, issues);
  const resolved: ResolvedOptions = {
    maxBodyBytes,
    maxRecordedRequests,
    maxRecordedWebhooks,
    catalogSize,
    rateLimit: rateLimit === false ? undefined : { perMinute: rateLimit.perMinute, windowMs },
    now,
    accepts: acceptsFrom(tokens, issues),
    setupOf: setupFrom(options.accounts, writePermissions, issues),
    writePermissions,
    targets: targetsFrom(options, issues),
    delivery: deliveryFrom(options, typeof now === 'function' ? now : () => new Date(), issues),
    stockWebhookDelayMs,
    baseUrl: baseUrlFrom(options.baseUrl, issues),
    sendNulls,
  };
  if (issues.length > 0) throw new InvalidInputError(issues);
  return resolved;
}

function acceptsFrom(tokens: FakeApiOptions['tokens'], issues: Issues): (token: string) => boolean {
  if (tokens === undefined) return (token) => token.startsWith('svc_sbx_');
  if (typeof tokens === 'function') return tokens;
  if (!Array.isArray(tokens)) {
    issues.push({ path: 'tokens', message: 'must be an array of strings or a predicate' });
    return () => false;
  }
  const allowed = new Set<string>(tokens);
  return (token) => allowed.has(token);
}

function writePermissionsFrom(value: FakeApiOptions['writePermissions'], issues: Issues): Partial<Record<WriteArea, string>> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) {
    issues.push({ path: 'writePermissions', message: 'must be an object' });
    return {};
  }
  const out: Partial<Record<WriteArea, string>> = {};
  for (const [area, name] of Object.entries(value)) {
    if (!(WRITE_AREAS as readonly string[]).includes(area)) issues.push({ path: `writePermissions.${area}`, message: `is not an area; use ${WRITE_AREAS.join(', ')}` });
    else if (name === undefined) continue;
    else if (typeof name !== 'string' || name === '') issues.push({ path: `writePermissions.${area}`, message: 'must be a non-empty string' });
    else out[area as WriteArea] = name;
  }
  return out;
}

function setupFrom(accounts: FakeApiOptions['accounts'], writePermissions: Partial<Record<WriteArea, string>>, issues: Issues): (token: string) => AccountSetup {
  if (accounts !== undefined && typeof accounts !== 'function' && (typeof accounts !== 'object' || accounts === null)) {
    issues.push({ path: 'accounts', message: 'must be an object keyed by token or a function of the token' });
    return () => ({ permissions: new Set(), labelProviderConnected: true, storefrontReleased: true, profileComplete: true });
  }
  const defaults = [...READ_PERMISSIONS, ...Object.values(writePermissions)];
  const lookup = (token: string): FakeAccountOptions | undefined => (typeof accounts === 'function' ? accounts(token) : accounts && Object.hasOwn(accounts, token) ? accounts[token] : undefined);
  const problem = (token: string): InputIssue | undefined => {
    const { permissions } = lookup(token) ?? {};
    return permissions === undefined || (Array.isArray(permissions) && permissions.every((p) => typeof p === 'string'))
      ? undefined
      : { path: `accounts[${JSON.stringify(token)}].permissions`, message: 'must be an array of strings' };
  };
  // Accounts given as a record are checked now, so a typo fails where the fake is built; a function's
  // answer can only be checked when a token asks.
  if (accounts !== undefined && typeof accounts !== 'function') {
    for (const token of Object.keys(accounts)) {
      const issue = problem(token);
      if (issue) issues.push(issue);
    }
  }
  return (token: string): AccountSetup => {
    const issue = problem(token);
    if (issue) throw new InvalidInputError(issue);
    const { permissions = defaults, labelProviderConnected = true, storefrontReleased = true, profileComplete = true } = lookup(token) ?? {};
    return { permissions: new Set(permissions), labelProviderConnected, storefrontReleased, profileComplete };
  };
}

function targetsFrom({ onWebhook, webhookUrl }: FakeApiOptions, issues: Issues): WebhookTargets {
  if (onWebhook !== undefined && typeof onWebhook !== 'function') issues.push({ path: 'onWebhook', message: 'must be a function' });
  let url: string | undefined;
  if (webhookUrl !== undefined) {
    const parsed = URL.canParse(String(webhookUrl)) ? new URL(String(webhookUrl)) : undefined;
    if (!parsed || !/^https?:$/.test(parsed.protocol)) issues.push({ path: 'webhookUrl', message: `must be an http(s) URL (got ${String(webhookUrl)})` });
    else url = parsed.href;
  }
  return { onWebhook, webhookUrl: url };
}

function baseUrlFrom(baseUrl: string | undefined, issues: Issues): string | undefined {
  if (baseUrl === undefined) return undefined;
  if (!URL.canParse(baseUrl)) {
    issues.push({ path: 'baseUrl', message: `must be an absolute URL (got ${baseUrl})` });
    return undefined;
  }
  return new URL(baseUrl).origin;
}
