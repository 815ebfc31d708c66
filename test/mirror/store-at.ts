/**
 * The store a child process of the crash tests opens from its location argument: `pglite:<folder>`,
 * `sqlite:<file>` or `postgres:<url>` (crash-targets.ts makes them). Postgres gets a pool of two, as the
 * child needs no more.
 */
import { createPgliteStore, createPostgresStore, createSqliteStore, type MirrorStore } from '../../src/mirror/index.js';

export function storeAt(location: string): MirrorStore {
  const [kind, ...rest] = location.split(':');
  const where = rest.join(':');
  if (kind === 'pglite') return createPgliteStore({ dataDir: where });
  if (kind === 'sqlite') return createSqliteStore({ path: where });
  return createPostgresStore({ connectionString: where, max: 2 });
}
