/**
 * The compatibility check (.ci/compat/check.mjs, `npm run compat`) must be able to fail: a name that
 * 0.1 exported and today's reports lack, with no row under CHANGELOG's "### Breaking", fails it, naming
 * the name. Fed fixtures and the committed reports only: no build, no consumer programs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnosticRow, listedNames, parseBreaking, removedNames, stubRow } from '../../.ci/compat/breaking.mjs';

const report = (lines: string[]) => ['# API report', '', '```text', ...lines, '```', ''].join('\n');
const OLD = report(['Mirror: type-only class new (): Mirror { close, contagens, outbox }', 'createMirror: value function (): Mirror', 'produtoSchema: value const ZodType']);
const NEW = report(['Mirror: type-only class new (): Mirror { close, counts }', 'createMirror: value function (): Mirror']);
const changelog = (rows: string[]) =>
  ['# Changelog', '', '## [Unreleased]', '', '### Breaking (migrating from 0.1)', '', '| 0.1 | now |', '|---|---|', ...rows, '', '### Added', '', '| `notBreaking` | `x` |', '', '## [0.1.0]', ''].join(
    '\n',
  );

describe('the Breaking list', () => {
  it('reads each row: backticked names of the first column not in the second, with the replacement', () => {
    const { rows, problems } = parseBreaking(
      changelog(['| `mirror.contagens()` | `mirror.counts()` |', '| `createFakeApi({ rateLimit: { limit: 60 } })` | `createFakeApi({ rateLimit: { perMinute: 60 } })` |']),
    );
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.names)).toEqual([['contagens'], ['limit']]);
    expect(listedNames(rows).has('notBreaking')).toBe(false);
  });

  it('refuses a row without a replacement, and a changelog without the section', () => {
    expect(parseBreaking(changelog(['| `mirror.outbox` |  |'])).problems).toEqual([expect.stringContaining('`mirror.outbox` has no replacement')]);
    expect(parseBreaking('# Changelog\n\n## [Unreleased]\n\n### Added\n').problems).toEqual([expect.stringContaining('no "### Breaking" heading')]);
  });

  it('finds each name and member that disappeared, with the row listing it or none', () => {
    const listed = listedNames(parseBreaking(changelog(['| `mirror.contagens()` | `mirror.counts()` |', '| `mirror.outbox` | `createOutbox({ client, store: mirror.store })` |'])).rows);
    const gone = removedNames('mirror', OLD, NEW, listed);
    expect(gone.map((g) => [g.what, g.row?.line])).toEqual([
      ['mirror: Mirror.contagens', 9],
      ['mirror: Mirror.outbox', 10],
      ['mirror: produtoSchema', undefined],
    ]);
  });

  it('accepts a diagnostic or a stub only for a listed name', () => {
    const listed = listedNames(parseBreaking(changelog(['| `mirror.outbox` | `createOutbox({ client, store: mirror.store })` |'])).rows);
    expect(diagnosticRow("Property 'outbox' does not exist on type 'Mirror'.", listed)?.line).toBe(9);
    expect(diagnosticRow("Property 'outboxes' does not exist on type 'Mirror'.", listed)).toBeUndefined();
    expect(stubRow('InvalidInputError: Invalid input: mirror.outbox was removed in 0.2: use createOutbox({ client, store: mirror.store })', listed)?.line).toBe(9);
    expect(stubRow("TypeError: Cannot read properties of undefined (reading 'replay')", listed)).toBeUndefined();
  });
});

describe('npm run compat on the committed reports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compat-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (changelogText: string) => {
    const file = join(dir, 'CHANGELOG.md');
    writeFileSync(file, changelogText);
    return spawnSync(process.execPath, ['.ci/compat/check.mjs', '--no-consumers', '--changelog', file], { encoding: 'utf8' });
  };

  it('passes with this CHANGELOG, and fails naming isApiError once its Breaking row is taken out', () => {
    const real = readFileSync('CHANGELOG.md', 'utf8');
    const ok = run(real);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const row = real.split('\n').find((l) => l.startsWith('| `isApiError(e)`'));
    expect(row).toBeDefined();
    const doctored = run(real.replace(`${row}\n`, ''));
    expect(doctored.status).toBe(1);
    expect(doctored.stderr).toContain('removed without a Breaking line: partner-commerce: isApiError');
  });
});
