/**
 * `partner-commerce/mirror`: a local copy of the supplier's catalog and stock that converges —
 * backfill, follow, product webhooks, a change feed, and a durable outbox — in an embedded database
 * by default (SQLite through `node:sqlite` on Node 22.13+, PGlite elsewhere), and in Postgres for
 * several processes and machines. The stores' drivers are optional peer dependencies
 * (`@electric-sql/pglite`, `pg`) or built into Node (`node:sqlite`), loaded only when a store opens.
 */
export { createMirror, type Mirror, type MirrorOptions, type MirrorStatus, type MirroredProduct } from './mirror.js';
export type { MirrorStartOptions } from './check-options.js';
export type { AuditBudget, AuditOptions, AuditResult, AuditScheduleOptions, MirrorDrift } from './audit/audit-types.js';
export { createMemoryStore } from './store/memory-store.js';
export { createEmbeddedStore, type EmbeddedStoreOptions } from './store/embedded-store.js';
export { createPgliteStore, type PgliteLike, type PgliteStoreOptions } from './store/pglite-store.js';
export { createSqliteStore, type SqliteDatabaseLike, type SqliteStatementLike, type SqliteStoreOptions, type SqliteValue } from './store/sqlite-store.js';
export { FolderLockedError, MirrorStoreError, type FolderLockHolder } from './store/errors.js';
export { createPostgresStore, type PgPoolClientLike, type PgPoolLike, type PostgresStoreOptions } from './store/postgres-store.js';
export type { Change, ChangeKind, ChangeOrigin, MirrorCounts, MirrorStore, OutboxOutcome, OutboxRow } from './store/types.js';
export type { ChangeFeed, ChangeListener } from './feed/change-feed.js';
export { ChangeLogCompactedError } from './feed/compacted-error.js';
export type { MirrorRetention, PruneResult, RetentionPeriod } from './retention/retention.js';
export { createOutbox, type OutboxOptions } from './outbox/create-outbox.js';
export { mirrorDeadLetters, type MirrorDeadLetterOptions } from './dead-letters.js';
export { OutboxPendingError, type Outbox, type OutboxCallOptions, type OutboxClient, type OutboxOperation } from './outbox/outbox.js';
export type { ApplyResult } from './apply/apply-event.js';
export type { BackfillOptions, BackfillResult } from './sync/backfill.js';
export type { FollowOptions, FollowResult } from './sync/follow.js';
export type { BackfillState, RunSummary } from './sync/public-state.js';
export type { FetchEstimate } from './sync/complete.js';
export type { MirrorWarning, MirrorWarningHandler } from './sync/warnings.js';
export type { QuarantinedProduct } from './apply/quarantine.js';
export type { UnstorableReason } from './apply/unstorable.js';
export type { ClockJump } from './clock/server-clock.js';
export type { MirrorSource } from './sync/source.js';
export type { MirrorTelemetryOptions } from './metrics.js';
export { serveMirror, type MirrorFeedServer, type ServeMirrorOptions } from './feed/serve-mirror.js';
export { readMirrorFeed, type MirrorFeedBatch, type ReadMirrorFeedOptions } from './feed/read-mirror-feed.js';
export type { MirrorFeedChange, MirrorFeedMessage, MirrorFeedSnapshotRow } from './feed/feed-message.js';
