/**
 * The order files start in. vitest starts the longest files first by the durations it cached from the
 * last run, and on a fresh clone, with nothing cached, the largest files first: there the slowest
 * ones (named below) started last and ran alone at the end of their project, 10-15 s of one idle
 * core on 2 cores (bench/README.md, "Test suite time"). Files vitest has no duration for start in
 * the order of SLOWEST, then as vitest orders them. A stale list costs time, never a result.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest files of a run on 2 cores, slowest first (bench/README.md lists their figures). */
const SLOWEST = [
  'test/mirror/outbox-crash.test.ts',
  'test/mirror/default-store.test.ts',
  'test/mirror/crash.test.ts',
  'test/mirror/convergence.test.ts',
  'test/mirror/peer-loading.test.ts',
  'test/mirror/status-queries.test.ts',
  'test/mirror/store.test.ts',
  'test/cli/cli-products.test.ts',
  'test/cli/cli-mirror.test.ts',
  'test/cli/cli-commands.test.ts',
  'test/redis/multi-process-budget.test.ts',
  'test/webhooks/entry.test.ts',
  'test/cli/cli-truth.test.ts',
  'test/cli/cli-token.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (file: TestSpecification) => relative(root, file.moduleId);
    const cached = (file: TestSpecification) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`) !== undefined;
    const rank = (file: TestSpecification) => {
      const at = cached(file) ? -1 : SLOWEST.indexOf(path(file));
      return at === -1 ? SLOWEST.length : at;
    };
    // vitest runs one project's files after the other's: each project keeps its place, and within it
    // the listed files without a cached duration move to the front (a stable sort keeps the rest).
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}
