/**
 * `partner-commerce/mirror`: a local copy of the supplier's catalog and stock that converges —
 * backfill, follow, product webhooks, a change feed, and a durable outbox — in an embedded database
 * (PGlite) by default and in Postgres for several processes and machines. The stores' drivers are
 * optional peer dependencies (`@electric-sql/pglite`, `pg`), loaded only when a store opens.
 */
export { createMirror, Mirror, type MirrorOptions, type MirrorStatus, type ProdutoEspelhado } from './mirror.js';
export type { StartOptions } from './check-options.js';
export { createMemoryStore } from './store/memory-store.js';
export { createPgliteStore, type PgliteLike, type PgliteStoreOptions } from './store/pglite-store.js';
export { FolderLockedError, MirrorStoreError, type FolderLockHolder } from './store/errors.js';
export { createPostgresStore, type PgPoolClientLike, type PgPoolLike, type PostgresStoreOptions } from './store/postgres-store.js';
export type {
  Change,
  ChangeKind,
  ChangeOrigin,
  MirrorCounts,
  MirrorReads,
  MirrorStore,
  MirrorTx,
  NewChange,
  OutboxOutcome,
  OutboxRow,
  ProdutoWire,
  StoredProduto,
} from './store/types.js';
export { MIGRATIONS, type Migration } from './store/sql/migrations.js';
export { ChangeFeed, type ChangeListener } from './feed/change-feed.js';
export { createOutbox, type OutboxOptions } from './outbox/create-outbox.js';
export { Outbox, OutboxPendingError, type OutboxCallOptions, type OutboxClient, type OutboxOperation } from './outbox/outbox.js';
export { decidir, type Decisao } from './apply/decide.js';
export { compareProducts, shouldApply, type ProductComparison } from '../webhooks/comparar-produto.js';
export { ITENS_POR_TRANSACAO, type EventoAplicado } from './apply/apply-event.js';
export { LIMITE_PAGINA, type BackfillOptions, type ResultadoBackfill } from './sync/backfill.js';
export { MARGEM_PADRAO_MS, type FollowOptions, type ResultadoFollow } from './sync/follow.js';
export type { EstadoBackfill, ResumoExecucao } from './sync/state-keys.js';
export type { FetchEstimate } from './sync/complete.js';
export type { MirrorWarning, MirrorWarningHandler } from './sync/warnings.js';
export type { QuarantinedProduct } from './apply/quarantine.js';
export type { UnstorableReason } from './apply/unstorable.js';
export { CLOCK_TOLERANCE_MS, type ClockJump } from './clock/server-clock.js';
export type { MirrorSource } from './sync/source.js';
export type { MirrorTelemetryOptions } from './metrics.js';
