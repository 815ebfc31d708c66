import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** What the privacy check needs to know of a file or folder (a subset of `fs.Stats`). */
export interface OwnerAndMode {
  readonly uid: number;
  readonly mode: number;
}

/** Why a file or folder meant to be the user's alone was refused. */
export type PrivacyIssue =
  | { readonly reason: 'link' | 'not-file' }
  | { readonly reason: 'owner'; readonly owner: number; readonly uid: number }
  | { readonly reason: 'open'; readonly mode: number }
  | { readonly reason: 'unreadable'; readonly code: string };

/** Why `facts` are not private to the user `uid` (someone else's, or open to group or others), or `undefined`. */
export function privacyIssue(facts: OwnerAndMode, uid: number): PrivacyIssue | undefined {
  if (facts.uid !== uid) return { reason: 'owner', owner: facts.uid, uid };
  if ((facts.mode & 0o077) !== 0) return { reason: 'open', mode: facts.mode & 0o777 };
  return undefined;
}

/** How {@link readPrivateFile} checks; tests pass another owner. */
export interface PrivateFileCheck {
  /** The uid the file must be owned by. @default process.getuid() (no owner or mode check where there is none: Windows) */
  uid?: number | undefined;
  /** Reads the open file's owner and mode. @default fs.fstatSync */
  stat?: ((fd: number) => OwnerAndMode & { isFile(): boolean }) | undefined;
}

/**
 * The text of `path`, or `undefined` when there is no such file. It is opened without following a
 * link and checked on the open descriptor, so nothing can be swapped in between the check and the
 * read; a link, another user's file, or one others can read or write goes to `refuse` (whose error
 * is thrown) instead of being read.
 */
export function readPrivateFile(path: string, refuse: (issue: PrivacyIssue) => Error, check: PrivateFileCheck = {}): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw refuse(code === 'ELOOP' ? { reason: 'link' } : { reason: 'unreadable', code: code ?? String(err) });
  }
  try {
    const facts = (check.stat ?? fstatSync)(fd);
    if (!facts.isFile()) throw refuse({ reason: 'not-file' });
    const uid = check.uid ?? process.getuid?.();
    const issue = uid === undefined ? undefined : privacyIssue(facts, uid);
    if (issue !== undefined) throw refuse(issue);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
