import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { InvalidInputError } from '../../index.js';
import { privacyIssue, readPrivateFile, type OwnerAndMode, type PrivacyIssue, type PrivateFileCheck } from '../private-file.js';

/**
 * The folder the sandbox keeps its secrets and journal in when none is given: one only the user can
 * reach. The shared temp folder is a last resort, under a name with the user's id, because anyone can
 * create a file there first (a secret planted there was adopted and printed).
 */
export function defaultSandboxDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const state = env['XDG_STATE_HOME'];
  if (state !== undefined && isAbsolute(state)) return join(state, 'partner-commerce', 'sandbox');
  if (process.platform === 'win32' && env['LOCALAPPDATA']) return join(env['LOCALAPPDATA'], 'partner-commerce', 'sandbox');
  const home = safeHomedir();
  if (home) return join(home, '.local', 'state', 'partner-commerce', 'sandbox');
  return join(tmpdir(), `partner-commerce-${process.getuid?.() ?? 'user'}`);
}

/**
 * Why `path` is not private to the user `uid`, or `undefined` when it is: owned by someone else, or
 * open to group or others. Pure, so the owner case can be tested without a second account.
 */
export function privacyProblem(path: string, facts: OwnerAndMode, uid: number, what: 'folder' | 'file'): string | undefined {
  const issue = privacyIssue(facts, uid);
  return issue === undefined ? undefined : describe(path, issue, what);
}

function describe(path: string, issue: PrivacyIssue, what: 'folder' | 'file'): string {
  switch (issue.reason) {
    case 'owner':
      return `${what} ${path} is owned by uid ${issue.owner}, not by you (uid ${issue.uid}): refused, not read. Remove it, or choose another --journal-dir`;
    case 'open':
      return `${what} ${path} is open to group or others (mode ${issue.mode.toString(8)}): refused, not read. ${what === 'folder' ? `chmod 700 ${path}` : `chmod 600 ${path}, or remove it`}`;
    case 'unreadable':
      return `${path} cannot be read (${issue.code}): refused`;
    case 'link':
    case 'not-file':
      return `${path} is not a plain file (a link?): refused, not read`;
  }
}

/**
 * Creates `dir` (0700) if needed and checks it is the user's own and closed to others; throws an
 * {@link InvalidInputError} naming `journalDir` otherwise. Where ids and modes do not exist (Windows),
 * the folder's ACL is left to the system.
 */
export function ensurePrivateFolder(dir: string, stat: (path: string) => OwnerAndMode & { isDirectory(): boolean } = statSync): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.();
  if (uid === undefined) return;
  // Followed if a link: what matters is who controls the folder the files land in.
  const facts = stat(dir);
  if (!facts.isDirectory()) throw refused(`${dir} is not a folder`);
  const problem = privacyProblem(dir, facts, uid, 'folder');
  if (problem !== undefined) throw refused(problem);
}

/**
 * The secret kept in `file`, created (0600, never over an existing file) when absent. A file that
 * is a link, someone else's, or readable by others is refused, never read nor printed.
 */
export function privateSecret(file: string, prefix: string): string {
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  const secret = `${prefix}${randomBytes(24).toString('hex')}`;
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another sandbox created it between the read and the write: use the one on disk.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file) ?? secret;
    throw err;
  }
}

/** The trimmed text of `file` after the privacy check, or `undefined` when there is no such file. */
export function readSecretFile(file: string, stat?: PrivateFileCheck['stat']): string | undefined {
  return readPrivateFile(file, (issue) => refused(describe(file, issue, 'file')), { stat })?.trim();
}

function refused(message: string): InvalidInputError {
  return new InvalidInputError({ path: 'journalDir', message });
}

function safeHomedir(): string | undefined {
  try {
    return homedir() || undefined;
  } catch {
    return undefined;
  }
}
