import { beforeAll, describe, expect, it } from 'vitest';
import { buildReports, compareReport, ENTRIES, readCommitted, reportPath, ROOT, type ApiReport } from './api-report.js';

// The six entries' reports, from one program (a few seconds: it type-checks what src/ reaches).
let reports: ApiReport[];
beforeAll(() => {
  reports = buildReports();
});

describe('API report', () => {
  it('matches the committed api/*.api.md of every entry', () => {
    const problems = reports.flatMap((report) => compareReport(reportPath(report.entry), readCommitted(report.entry), report.text) ?? []);
    expect(problems, problems.join('\n\n')).toEqual([]);
  });

  it('covers the six entries of package.json, one report each, with no absolute path', () => {
    expect(reports.map((r) => reportPath(r.entry))).toEqual(ENTRIES.map(reportPath));
    for (const report of reports) expect(report.text).not.toContain(ROOT);
  });
});

describe('API report of a fixture entry', () => {
  const fixture = (name: string) => ({ name, source: `test/architecture/fixtures/api-report/${name}.ts` });
  let entry: ApiReport;
  let extra: ApiReport;
  beforeAll(() => {
    // Without the libs the fixture's program builds in milliseconds; it declares nothing a lib would type.
    [entry, extra] = buildReports([fixture('entry'), fixture('extra')], { noLib: true, types: [] }) as [ApiReport, ApiReport];
  });

  it('tells values from type-only names and lists only the public members', () => {
    expect(entry.lines.map((l) => l.line)).toEqual([
      'Color: value enum',
      'Kind: type-only type',
      'LIMIT: value const 5',
      // a class exported with `export type` can be named but not constructed
      'Ledger: type-only class new (): Ledger { total }',
      // #count, the private spare and the @internal reset() are left out
      'Shelf: value class new (name: string): Shelf { static capacity, add, name, protected label }',
      'Stock: type-only interface { quantity, sku, [string] }',
      'count: value function (stock: Stock, min?: number): number',
    ]);
  });

  it('fails the comparison naming the export an entry gained, and says how to update the report', () => {
    const message = compareReport('api/fixture.api.md', entry.text, extra.text);
    expect(message).toContain('run `npm run api` and review the diff');
    expect(message).toContain('+ added: value function (by: number): number');
    expect(message).toContain('+ 8 names: 5 values, 3 type-only.');
    expect(message).not.toContain('count:');
  });

  it('names the export an entry lost, and asks for a missing report', () => {
    expect(compareReport('api/fixture.api.md', extra.text, entry.text)).toContain('- added: value function (by: number): number');
    expect(compareReport('api/fixture.api.md', undefined, entry.text)).toContain('api/fixture.api.md is missing: run `npm run api`');
    expect(compareReport('api/fixture.api.md', entry.text, entry.text)).toBeUndefined();
  });
});
