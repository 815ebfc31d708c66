import { chmodSync, chownSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePrivateFolder, privacyProblem, readSecretFile } from '../../src/cli/sandbox/private-folder.js';
import { InvalidInputError } from '../../src/errors/index.js';
import { runInProcess } from './cli-in-process.js';

// Where the sandbox keeps its signing secret (the command, run in process, and the check underneath):
// a folder only the user can reach, and a secret file someone else owns, or can read, is refused,
// neither adopted nor printed.
const PLANTED = 'whsec_planted_by_someone_else';
const OTHER_UID = 4242;
const uid = process.getuid!();
const privateTemp = (name: string) => mkdtempSync(join(tmpdir(), `pc-secret-${name}-`));

describe('the signing secret lives where only the user can touch it', () => {
  it('keeps the secret in a per-user folder, not the shared temp folder where another user planted one (mode 644)', async () => {
    // The shared temp folder as another user left it: a secret readable by all, where main looked.
    const shared = privateTemp('shared');
    mkdirSync(join(shared, 'partner-commerce-sandbox'), { mode: 0o777 });
    writeFileSync(join(shared, 'partner-commerce-sandbox', 'secret'), `${PLANTED}\n`, { mode: 0o644 });
    const state = privateTemp('state');
    const run = await runInProcess(['sandbox', '--print-secret'], { TMPDIR: shared, XDG_STATE_HOME: state });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(PLANTED);
    expect(run.stdout.trim()).toMatch(/^whsec_[0-9a-f]{48}$/);
    const folder = join(state, 'partner-commerce', 'sandbox');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, 'secret')).mode & 0o777).toBe(0o600);
    // The same secret on the next run: it is kept, not made anew.
    expect((await runInProcess(['sandbox', '--print-secret'], { TMPDIR: shared, XDG_STATE_HOME: state })).stdout).toBe(run.stdout);
  });

  it('refuses a secret file readable by group or others (mode 644): exit 2 naming the file, the secret not printed', async () => {
    const dir = privateTemp('loose-file');
    writeFileSync(join(dir, 'secret'), `${PLANTED}\n`, { mode: 0o644 });
    chmodSync(join(dir, 'secret'), 0o644);
    const run = await runInProcess(['sandbox', '--print-secret', '--journal-dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'secret')} is open to group or others (mode 644): refused, not read`);
    expect(run.stdout + run.stderr).not.toContain(PLANTED);
  });

  it('refuses a journal folder open to others (mode 755) before starting', async () => {
    const dir = privateTemp('loose-folder');
    chmodSync(dir, 0o755);
    const run = await runInProcess(['sandbox', '--journal-dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`folder ${dir} is open to group or others (mode 755): refused, not read. chmod 700 ${dir}`);
    expect(run.stdout).not.toContain('listening');
  });

  it('refuses a folder or a secret file another user owns (the check, given their owner)', () => {
    expect(privacyProblem('/x/secret', { uid: OTHER_UID, mode: 0o100600 }, uid, 'file')).toBe(
      `file /x/secret is owned by uid ${OTHER_UID}, not by you (uid ${uid}): refused, not read. Remove it, or choose another --journal-dir`,
    );
    expect(privacyProblem('/x/secret', { uid, mode: 0o100600 }, uid, 'file')).toBeUndefined();
    const dir = privateTemp('owner');
    const theirs = () => ({ uid: OTHER_UID, mode: 0o40700, isDirectory: () => true });
    expect(() => ensurePrivateFolder(dir, theirs)).toThrow(InvalidInputError);
    expect(() => ensurePrivateFolder(dir, theirs)).toThrow(`journalDir: folder ${dir} is owned by uid ${OTHER_UID}`);
    writeFileSync(join(dir, 'secret'), `${PLANTED}\n`, { mode: 0o600 });
    expect(() => readSecretFile(join(dir, 'secret'), () => ({ uid: OTHER_UID, mode: 0o100600, isFile: () => true }))).toThrow(`is owned by uid ${OTHER_UID}`);
    expect(readSecretFile(join(dir, 'secret'))).toBe(PLANTED);
  });

  // Only root can give a file to another user; elsewhere the case above covers the check.
  it.runIf(uid === 0)('as root: refuses a secret file chowned to another user, even with mode 600 (the command)', async () => {
    const dir = privateTemp('chowned');
    writeFileSync(join(dir, 'secret'), `${PLANTED}\n`, { mode: 0o600 });
    chownSync(join(dir, 'secret'), OTHER_UID, OTHER_UID);
    const run = await runInProcess(['sandbox', '--print-secret', '--journal-dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'secret')} is owned by uid ${OTHER_UID}, not by you (uid 0)`);
    expect(run.stdout + run.stderr).not.toContain(PLANTED);
  });
});
