import { optionalBuiltin } from '../../internal/node-builtin.js';
import { FolderLockedError, MirrorStoreError, type FolderLockHolder } from './errors.js';

/** The lock file's name inside the embedded store's folder. */
export const LOCK_FILE = 'partner-commerce.lock';

/** A held folder lock. */
export interface FolderLock {
  /** Removes the lock file, if it is still this one. */
  release(): Promise<void>;
}

type Fs = typeof import('node:fs/promises');

const MAX_PID = 2 ** 31 - 1;

/**
 * @internal Takes the one-writer lock of an embedded store's folder: `partner-commerce.lock` holding
 * the pid, host and start time of the process that has it open. A second opener is refused with
 * {@link FolderLockedError}; a lock whose process is dead on this machine is taken over. The file is
 * created whole in one step (hard link of a complete temporary file), so no reader ever sees it half
 * written. Undefined in a runtime without a file system (there PGlite decides).
 */
export function lockFolder(folder: string): Promise<FolderLock | undefined> {
  return lockAt(`${folder}/${LOCK_FILE}`, folder, 'folder');
}

/**
 * @internal The same lock for an embedded store kept in one database file (SQLite): `<file>.lock`
 * beside it, so two databases of one folder are two owners.
 */
export function lockDatabaseFile(file: string): Promise<FolderLock | undefined> {
  return lockAt(`${file}.lock`, file, 'file');
}

async function lockAt(path: string, folder: string, what: 'folder' | 'file'): Promise<FolderLock | undefined> {
  const fs = await optionalBuiltin<Fs>('node:fs/promises');
  const os = await optionalBuiltin<typeof import('node:os')>('node:os');
  const pid = (globalThis as { process?: { pid?: number } }).process?.pid;
  if (!fs || !os || typeof pid !== 'number') return undefined;
  const host = os.hostname();
  const text = JSON.stringify({ pid, host, startedAt: new Date().toISOString() } satisfies FolderLockHolder);
  const temporary = `${path}.${pid}.${Math.random().toString(36).slice(2)}`;
  await io(() => fs.writeFile(temporary, text), path);
  try {
    // Three tries: a lock removed between our attempt and our read, or a dead holder's lock taken over.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await fs.link(temporary, path);
        return { release: () => release(fs, path, text) };
      } catch (err) {
        if (codeOf(err) !== 'EEXIST') throw storeError(err, path);
      }
      const found = await readLock(fs, path);
      if (found === undefined) continue;
      if (found.holder.host !== host || alive(found.holder.pid)) throw new FolderLockedError(folder, found.holder, what);
      // Its process is gone: remove that very lock (not one another opener may have just taken over).
      if ((await readLock(fs, path))?.text === found.text) await io(() => fs.rm(path, { force: true }), path);
    }
    throw new MirrorStoreError(`could not take the lock ${path}: other processes keep taking it over`, { code: 'FOLDER_LOCKED' });
  } finally {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
  }
}

async function release(fs: Fs, path: string, text: string): Promise<void> {
  const current = await fs.readFile(path, 'utf8').catch(() => undefined);
  if (current === text) await io(() => fs.rm(path, { force: true }), path);
}

/** The lock's holder, undefined when the file is gone. A file that is no lock of ours is refused, not overwritten. */
async function readLock(fs: Fs, path: string): Promise<{ text: string; holder: FolderLockHolder } | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return undefined;
    throw storeError(err, path);
  }
  const holder = parseHolder(text);
  if (!holder) throw new MirrorStoreError(`the lock file ${path} is not one partner-commerce wrote; remove it once no process uses the folder`, { code: 'FOLDER_LOCK_UNREADABLE' });
  return { text, holder };
}

function parseHolder(text: string): FolderLockHolder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { pid, host, startedAt } = (value ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(pid) || (pid as number) < 1 || (pid as number) > MAX_PID) return undefined;
  if (typeof host !== 'string' || host.length > 255 || typeof startedAt !== 'string' || startedAt.length > 64) return undefined;
  return { pid: pid as number, host, startedAt };
}

/** Whether a process of this machine is alive (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return codeOf(err) !== 'ESRCH';
  }
}

const codeOf = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;

function storeError(err: unknown, path: string): MirrorStoreError {
  const code = codeOf(err);
  return new MirrorStoreError(`could not take the lock ${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err, code: typeof code === 'string' ? code : undefined });
}

async function io<T>(call: () => Promise<T>, path: string): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw storeError(err, path);
  }
}
