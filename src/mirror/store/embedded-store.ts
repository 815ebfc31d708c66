import { embeddedStoreOptionsSchema } from '../mirror-options.js';
import { checkOptionsWith } from '../../errors/check-options.js';
import { createPgliteStore } from './pglite-store.js';
import { createSqliteStore } from './sqlite-store.js';
import type { MirrorStore } from './types.js';

/** The folder the mirror and the outbox use when given no store, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.partner-commerce/mirror';

/** The SQLite database's name inside the folder (PGlite's data sits beside nothing else). */
export const SQLITE_FILE = 'mirror.sqlite';

/** A file only a Postgres (PGlite) data folder holds. */
const PGLITE_MARK = 'PG_VERSION';

/** Options of {@link createEmbeddedStore}. */
export interface EmbeddedStoreOptions {
  /**
   * The folder the mirror lives in (created on first open with its missing parents). What it already
   * holds decides the engine, so a mirror is never silently replaced by an empty one in another engine.
   * @default '.partner-commerce/mirror'
   */
  dataDir?: string | undefined;
}

/** @internal What the engine choice reads of the runtime: `process`, or a stand-in in tests. */
export interface EmbeddedRuntime {
  versions?: { node?: string; bun?: string; deno?: string } | undefined;
  getBuiltinModule?: ((id: string) => unknown) | undefined;
}

/**
 * The mirror's default store, in the folder `dataDir`: SQLite (`node:sqlite`, in
 * `<dataDir>/mirror.sqlite`, 125–140 MB RSS for 10,000 products in a container) on Node 22.13 and
 * newer; PGlite (850+ MB RSS on a first open) on older Node and on other runtimes (Bun, Deno,
 * workers), and wherever the folder already holds a PGlite database. A folder holding `mirror.sqlite` is SQLite on every runtime (on
 * Node 20 its open fails saying which Node it needs). Decided when called, from the runtime and the
 * folder's contents; nothing is opened, imported or created before the first use.
 *
 * @example
 * const mirror = createMirror({ client, store: createEmbeddedStore({ dataDir: './data/espelho' }) });
 * @throws {InvalidInputError} naming `dataDir` when it is not a folder path.
 */
export function createEmbeddedStore(options: EmbeddedStoreOptions = {}): MirrorStore {
  checkOptionsWith(embeddedStoreOptionsSchema, options, 'createEmbeddedStore', { path: 'options', message: 'must be an object ({ dataDir? })' });
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  return embeddedEngine(dataDir) === 'sqlite' ? createSqliteStore({ path: `${dataDir.replace(/\/+$/, '')}/${SQLITE_FILE}` }) : createPgliteStore({ dataDir });
}

/**
 * @internal The engine of the embedded store in `dataDir`: what the folder holds, else the runtime's
 * default. Synchronous, so `mirror.store.kind` is known as soon as `createMirror` returns. Never
 * imports `node:sqlite` (Node 22 prints an ExperimentalWarning on import: only opening the store should).
 */
export function embeddedEngine(dataDir: string, runtime: EmbeddedRuntime | undefined = (globalThis as { process?: EmbeddedRuntime }).process): 'sqlite' | 'pglite' {
  const fs = runtime?.getBuiltinModule?.('node:fs') as { existsSync?: (path: string) => boolean } | undefined;
  // Without a file system (a browser, a worker) PGlite keeps its data where it can, as before.
  if (typeof fs?.existsSync !== 'function') return 'pglite';
  const folder = dataDir.replace(/\/+$/, '');
  if (fs.existsSync(`${folder}/${PGLITE_MARK}`)) return 'pglite';
  if (fs.existsSync(`${folder}/${SQLITE_FILE}`)) return 'sqlite';
  return sqliteByDefault(runtime) ? 'sqlite' : 'pglite';
}

/**
 * Node 22.13 and newer: `node:sqlite` without a flag and with the user functions the store needs. Bun
 * and Deno report a recent Node version and ship a `node:sqlite` of their own, which the store's
 * contract tests never ran on: they keep PGlite.
 */
function sqliteByDefault(runtime: EmbeddedRuntime | undefined): boolean {
  const versions = runtime?.versions;
  if (versions?.bun !== undefined || versions?.deno !== undefined || 'Deno' in globalThis || 'Bun' in globalThis) return false;
  const [major = 0, minor = 0] = (versions?.node ?? '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}
