import * as z from 'zod/mini';
import { checkOptionsWith, hasMethods, type optionIssues } from '../errors/check-options.js';
import { got, shown } from '../internal/kind-of.js';
import { once } from '../internal/once.js';
import { MAX_TIMER_MS } from '../internal/sleep.js';
import { retentionMs } from './retention/retention.js';
import { checkMetricsTelemetry, type ResolvedTelemetry } from '../telemetry/options.js';

/** The longest overlap taken: past a month, each follow re-lists most of the catalog; run `backfill()` instead. */
const MAX_MARGIN_MS = 30 * 24 * 3600 * 1000;
/** The longest `catalogId`: it is an identity, not a description, and it is saved in the store. */
const MAX_CATALOG_ID = 200;

const ms = (max: number) =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max, {
      error: (issue) => `must be a number of milliseconds from 0 to ${max} (got ${got(issue.input)})`,
    }),
  );

const retentionPeriod = () =>
  z.optional(
    z.custom<unknown>((v) => retentionMs(v) !== undefined, {
      error: (issue) => `must be a duration from 1h to 3650d ('30d', '12h', '90m'), a number of milliseconds in that range, or false to keep forever (got ${shown(issue.input)})`,
    }),
  );

/** A store the SDK made: its operations are internal, so only the SDK's own stores fit. */
const mirrorStore = () =>
  z.optional(
    z.custom<unknown>((v) => hasMethods(v, ['open', 'transaction', 'close']), {
      error: 'must be a mirror store (createPgliteStore, createSqliteStore, createPostgresStore or createMemoryStore)',
    }),
  );

/**
 * @internal The options of `createMirror`, checked all at once, so a bad client, margin and catalog id
 * are named in one error rather than one per run. Strict: a misspelt or former option (`margemMs`)
 * would otherwise be ignored without a word. `telemetry` is checked by its own checker into the same error.
 */
export const mirrorOptionsSchema = once(() =>
  z.strictObject({
    client: z.custom<unknown>((v) => hasMethods((v as { produtos?: unknown } | null)?.produtos, ['listar']), {
      error: 'must be a PartnerCommerce (a client with produtos.listar)',
    }),
    store: mirrorStore(),
    catalogId: z.optional(
      z.custom<string>((v) => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_CATALOG_ID, {
        error: `must be a non-empty string of at most ${MAX_CATALOG_ID} characters`,
      }),
    ),
    // A negative overlap would start each follow after the mark, skipping the changes in between.
    marginMs: ms(MAX_MARGIN_MS),
    telemetry: z.optional(z.unknown()),
    retention: z.optional(z.strictObject({ changes: retentionPeriod(), outbox: retentionPeriod() })),
  }),
);

/** @internal The options of `mirror.start()`: a bad interval would surface as a spinning loop or a timer that fires at once. */
export const startOptionsSchema = once(() =>
  z.strictObject({
    intervalMs: ms(MAX_TIMER_MS),
    onError: z.optional(z.custom<(err: unknown) => void>((v) => typeof v === 'function', { error: 'must be a function' })),
    // Checked by its own schema (audit/audit-options.ts), into the same error.
    audit: z.optional(z.unknown()),
  }),
);

const fn = (shape: string) => z.optional(z.custom<unknown>((v) => typeof v === 'function', { error: `must be a function ${shape}` }));
const signal = () => z.optional(z.custom<AbortSignal>((v) => v instanceof AbortSignal, { error: 'must be an AbortSignal' }));

/** @internal The options of `mirror.backfill()`: strict, so a renamed callback (`onPagina`) is named rather than never called. */
export const backfillOptionsSchema = once(() => z.strictObject({ signal: signal(), onPage: fn('(state) => void'), onWarning: fn('(warning) => void') }));

/** @internal The options of `mirror.follow()` (its margin is the mirror's `marginMs`). */
export const followOptionsSchema = once(() => z.strictObject({ signal: signal(), onWarning: fn('(warning) => void') }));

/** @internal The options of `mirror.changes.consume()`. */
export const consumeOptionsSchema = once(() =>
  z.strictObject({
    batch: z.optional(
      z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, { error: (issue) => `must be a whole number of changes, at least 1 (got ${got(issue.input)})` }),
    ),
  }),
);

/** @internal The options of `outbox.criarPedido()` and `outbox.emitir()`; the key's own rules are the call's. */
export const outboxCallOptionsSchema = once(() => z.strictObject({ idempotencyKey: z.optional(z.unknown()) }));

/** @internal Checks the options a mirror method takes, when given: an object, fitting `schema`. @throws InvalidInputError naming every bad field. */
export function checkCallOptions(schema: Parameters<typeof optionIssues>[0], options: unknown, what: string): void {
  if (options === undefined) return;
  checkOptionsWith(schema, options, what, { path: 'options', message: `must be an object (the options of ${what})` });
}

/** @internal The options of `createOutbox`. */
export const outboxOptionsSchema = once(() =>
  z.strictObject({
    client: z.custom<unknown>(
      (v) => typeof v === 'object' && v !== null && (hasMethods((v as { pedidos?: unknown }).pedidos, ['criar']) || hasMethods((v as { etiquetas?: unknown }).etiquetas, ['emitir'])),
      { error: 'createOutbox needs client (a PartnerCommerce, with pedidos.criar or etiquetas.emitir)' },
    ),
    store: mirrorStore(),
  }),
);

/** @internal The options of `createPostgresStore`; which of `connectionString` and `pool` is given is checked beside it. */
export const postgresStoreOptionsSchema = once(() =>
  z.strictObject({
    connectionString: z.optional(
      z.custom<string>((v) => typeof v === 'string' && v !== '', { error: (issue) => `must be a connection string like postgres://user@host:5432/db (got ${got(issue.input)})` }),
    ),
    max: z.optional(
      z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, { error: (issue) => `must be a whole number of connections, at least 1 (got ${got(issue.input)})` }),
    ),
    pool: z.optional(z.custom<unknown>((v) => hasMethods(v, ['query', 'connect', 'end']), { error: 'must be a pg Pool (query, connect, end)' })),
  }),
);

/** @internal The options of `createPgliteStore`. */
export const pgliteStoreOptionsSchema = once(() =>
  z.strictObject({
    dataDir: z.optional(z.custom<string>((v) => typeof v === 'string' && v !== '', { error: (issue) => `must be a folder path or a PGlite data URL (got ${got(issue.input)})` })),
    db: z.optional(z.custom<unknown>((v) => hasMethods(v, ['query', 'exec', 'transaction', 'close']), { error: 'must be a PGlite instance (query, exec, transaction, close)' })),
  }),
);

/** @internal The options of `createEmbeddedStore`. */
export const embeddedStoreOptionsSchema = once(() =>
  z.strictObject({
    // A folder, not PGlite's URLs (`idb://`, `memory://`): SQLite puts a file in it. A NUL ends the path early in C.
    dataDir: z.optional(
      z.custom<string>((v) => typeof v === 'string' && v !== '' && !v.includes('\0') && !v.includes('://'), {
        error: (issue) => `must be a folder path like ./data/espelho (for a PGlite URL use createPgliteStore; got ${got(issue.input)})`,
      }),
    ),
  }),
);

/** @internal The options of `createSqliteStore`. */
export const sqliteStoreOptionsSchema = once(() =>
  z.strictObject({
    // A NUL ends the path early in C: the store would open another file than the one named.
    path: z.optional(
      z.custom<string>((v) => typeof v === 'string' && v !== '' && !v.includes('\0'), { error: (issue) => `must be a database file path like ./data/espelho.db (got ${got(issue.input)})` }),
    ),
    db: z.optional(z.custom<unknown>((v) => hasMethods(v, ['prepare', 'exec', 'function', 'close']), { error: 'must be a node:sqlite DatabaseSync (prepare, exec, function, close)' })),
  }),
);

/** @internal `createMirror`'s options checked, with its telemetry option resolved. @throws InvalidInputError naming every bad option. */
export function checkMirrorOptions(options: unknown): ResolvedTelemetry {
  let telemetry: ResolvedTelemetry = false;
  checkOptionsWith(mirrorOptionsSchema, options, 'createMirror', { path: 'client', message: 'createMirror needs client (a PartnerCommerce)' }, (issues) => {
    telemetry = checkMetricsTelemetry((options as { telemetry?: unknown }).telemetry, 'telemetry', issues);
  });
  return telemetry;
}
