import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { CliFailure, EXIT } from './exit-codes.js';
import { readPrivateFile, type PrivacyIssue } from './private-file.js';

/** Name of the profile file in {@link profileDir}. */
const PROFILE_FILE = 'profile.json';

/** The folder the CLI keeps its per-user profile in: `$XDG_CONFIG_HOME/partner-commerce`, else `~/.config/partner-commerce`. */
export function profileDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const xdg = env['XDG_CONFIG_HOME'];
  // The XDG spec says a relative value is invalid and must be ignored.
  const home = env['HOME'] && isAbsolute(env['HOME']) ? env['HOME'] : homedir();
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), 'partner-commerce');
}

/** The profile file `partner-commerce login` writes. */
export function profilePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(profileDir(env), PROFILE_FILE);
}

/** Who the profile must belong to; tests pass another uid to see a file of another user refused. */
export interface ProfileOwner {
  /** The uid the file must be owned by. @default process.getuid() (no check where there is none: Windows) */
  uid?: number | undefined;
}

/**
 * The token kept in the profile at `path`, or undefined when there is no profile. A file another user
 * owns, or that others can read or write, or a symbolic link, is refused rather than used: whoever
 * can write it chooses where the calls go with whose token, and whoever can read it has the token.
 */
export function readProfileToken(path: string, owner: ProfileOwner = {}): string | undefined {
  const text = readPrivateFile(path, (issue) => refused(path, profileIssueText(path, issue)), { uid: owner.uid });
  return text === undefined ? undefined : tokenOf(text, path);
}

function profileIssueText(path: string, issue: PrivacyIssue): string {
  switch (issue.reason) {
    case 'link':
      return 'it is a symbolic link';
    case 'not-file':
      return 'it is not a regular file';
    case 'owner':
      return `it is owned by another user (uid ${issue.owner})`;
    case 'open':
      return `other users can read or write it (mode ${issue.mode.toString(8)}); run chmod 600 ${path}, or partner-commerce login again`;
    case 'unreadable':
      return `it cannot be read (${issue.code})`;
  }
}

/** Writes `token` to the profile, readable by its owner only (folder 0700, file 0600), replacing any earlier one whole. */
export function writeProfileToken(token: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const dir = profileDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) throw new CliFailure(`refusing to write the profile in ${dir}: it is not a folder of this user`, EXIT.failed);
  const path = join(dir, PROFILE_FILE);
  const temp = `${path}.${process.pid}.tmp`;
  // 'wx': never through a file (or link) someone else put at the temp name.
  writeFileSync(temp, `${JSON.stringify({ token })}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temp, path);
  return path;
}

/** Deletes the profile; true when there was one. */
export function removeProfile(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const path = profilePath(env);
  try {
    lstatSync(path);
  } catch {
    return false;
  }
  rmSync(path, { force: true });
  return true;
}

function tokenOf(text: string, path: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refused(path, 'it is not JSON');
  }
  const token = typeof value === 'object' && value !== null ? (value as { token?: unknown }).token : undefined;
  if (typeof token !== 'string' || token === '') throw refused(path, 'it has no "token"');
  return token;
}

function refused(path: string, why: string): CliFailure {
  return new CliFailure(`refusing the profile ${path}: ${why}`, EXIT.failed);
}
