import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';

/**
 * The mirror's database failed a call: unreachable (restarted, failed over, a dropped connection) or
 * a statement refused. Nothing of the failed transaction was kept; the store reconnects on its next
 * call, and a backfill or follow run resumes from its last checkpoint. `cause` is the driver's error.
 */
export class MirrorStoreError extends PartnerCommerceError {
  override name = 'MirrorStoreError';
  static override readonly kind: string = 'MirrorStoreError';
  /** The driver's code when it gave one: a SQLSTATE (`57P01` server shut down) or a socket errno (`ECONNREFUSED`). */
  readonly code: string | undefined;

  /** @internal */
  constructor(message: string, options?: { cause?: unknown; code?: string | undefined }) {
    super(message, { cause: options?.cause });
    this.code = options?.code;
  }
}

/** Who holds an embedded store's folder, as its lock file says. */
export interface FolderLockHolder {
  /** Process id of the holder. */
  readonly pid: number;
  /** Host name of the holder's machine. */
  readonly host: string;
  /** When the holder opened the folder (ISO 8601, its own clock). */
  readonly startedAt: string;
}

/**
 * The embedded store's folder (PGlite) or database file (SQLite) is open in another live process.
 * PGlite is one writer per folder: a second one would corrupt it (duplicate rows, lost writes), and
 * the SQLite store keeps its in-process locks and positions for one process, so the second opener is
 * refused. A lock left by a process that died on this machine is taken over; one from another machine
 * is not (its process cannot be checked from here): remove `<folder>/partner-commerce.lock` (SQLite:
 * `<file>.lock`) once sure it is gone.
 */
export class FolderLockedError extends MirrorStoreError {
  override name = 'FolderLockedError';
  static override readonly kind: string = 'FolderLockedError';
  /** The store's folder (PGlite), or its database file (SQLite). */
  readonly folder: string;
  /** The process holding it. */
  readonly holder: FolderLockHolder;

  /** @internal */
  constructor(folder: string, holder: FolderLockHolder, what: 'folder' | 'file' = 'folder') {
    super(
      `the mirror ${what === 'file' ? 'database file' : 'folder'} ${folder} is open in another process (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}); ` +
        `one process per ${what}: close that one, or share a Postgres store between processes`,
      { code: 'FOLDER_LOCKED' },
    );
    this.folder = folder;
    this.holder = holder;
  }
}
