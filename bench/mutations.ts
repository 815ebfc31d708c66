// Mutation checks: each mutation plants a known misreading of the spec in the SDK (never in
// the kit), in a throwaway copy of the working tree, and runs the test suite there; the suite must
// FAIL. A mutation the suite survives is a misreading the kit and the SDK would share unnoticed.
//
//   npm run test:mutations                      # every mutation, the whole suite (minutes)
//   npm run test:mutations -- --quick           # every mutation, the quick file subset below
//   npm run test:mutations -- --only money,status -- test/spec-fixtures test/money
//
// Each mutation is a literal search/replace on one named file that must match exactly once: when the
// code moves, the script stops with an error naming the mutation instead of rotting silently.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Mutation {
  /** Short name, for `--only`. */
  name: string;
  /** What the mutation plants, as the report says it. */
  description: string;
  file: string;
  search: string;
  replace: string;
}

const MUTATIONS: readonly Mutation[] = [
  {
    name: 'money',
    description: 'money written with one decimal place (Money.toString, so request bodies and the codec)',
    file: 'src/money/money.ts',
    search: 'return this.decimalPlaces() <= 2 ? this.toFixed(2) : this.toFixed();',
    replace: 'return this.decimalPlaces() <= 2 ? this.toFixed(1) : this.toFixed();',
  },
  {
    name: 'status',
    description: 'ESTORNADO dropped from STATUS_PEDIDO',
    file: 'src/models/enums.ts',
    search: "'ENTREGUE', 'CANCELADO', 'ESTORNADO'] as const;",
    replace: "'ENTREGUE', 'CANCELADO'] as const;",
  },
  {
    name: 'optional',
    description: "a product's sku made optional in produtoSchema",
    file: 'src/models/produto.ts',
    search: 'export const produtoSchema = once(() => z.looseObject({\n  sku: z.string(),',
    replace: 'export const produtoSchema = once(() => z.looseObject({\n  sku: z.optional(z.string()),',
  },
  {
    name: 'pdf',
    description: 'the forbidden-PDF check switched off (findForbiddenPdfContent finds nothing)',
    file: 'src/resources/uploads/pdf-scan.ts',
    search: 'export function findForbiddenPdfContent(bytes: Uint8Array): string | undefined {\n',
    replace: 'export function findForbiddenPdfContent(bytes: Uint8Array): string | undefined {\n  if (bytes.length >= 0) return undefined;\n',
  },
  {
    name: 'rename',
    description: 'precoAtacado renamed precoDeAtacado in the product model',
    file: 'src/models/produto.ts',
    search: '  precoAtacado: moneySchema(),',
    replace: '  precoDeAtacado: moneySchema(),',
  },
];

/** Files that cover the mutated code, for a check in about a minute while developing. */
const QUICK_FILES = ['test/spec-fixtures', 'test/testing', 'test/e2e', 'test/money', 'test/models', 'test/resources/uploads.test.ts', 'test/resources/sandbox.test.ts', 'test/webhooks/parse.test.ts'];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function usage(message: string): never {
  console.error(`${message}\nusage: tsx bench/mutations.ts [--quick] [--only name,name] [--keep] [-- test files...]\nmutations: ${MUTATIONS.map((m) => m.name).join(', ')}`);
  process.exit(2);
}

function parseArgs(argv: string[]): { only: Set<string> | undefined; files: string[]; keep: boolean } {
  let only: Set<string> | undefined;
  let files: string[] = [];
  let keep = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') files = [...QUICK_FILES];
    else if (arg === '--keep') keep = true;
    else if (arg === '--only') {
      only = new Set((argv[++i] ?? usage('--only needs names')).split(','));
      for (const name of only) if (!MUTATIONS.some((m) => m.name === name)) usage(`unknown mutation ${name}`);
    } else if (arg === '--') files = argv.slice(i + 1).filter((f) => f !== '--');
    else usage(`unknown argument ${arg}`);
    if (arg === '--') break;
  }
  return { only, files, keep };
}

/** The pattern must be there exactly once, or the mutation has rotted: stop before running anything. */
function checkPattern(m: Mutation): void {
  const text = readFileSync(join(ROOT, m.file), 'utf8');
  const count = text.split(m.search).length - 1;
  if (count !== 1) throw new Error(`mutation ${m.name}: pattern found ${count} times in ${m.file} (must be exactly once); update bench/mutations.ts\n  pattern: ${JSON.stringify(m.search)}`);
}

/** A copy of the working tree (tracked and untracked, not ignored files), node_modules linked. */
function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pc-mutation-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (file === 'node_modules') continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file), { dereference: false });
    } catch (e) {
      // A file deleted in the working tree but still in the index.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

interface Outcome {
  failed: boolean;
  failures: string[];
}

interface JsonReport {
  testResults?: Array<{ name: string; status: string; message?: string; assertionResults?: Array<{ fullName: string; status: string }> }>;
}

function runSuite(dir: string, files: string[]): Outcome {
  const out = join(dir, '.mutation-report.json');
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'test/vitest.config.ts', '--reporter=json', `--outputFile=${out}`, ...files], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const failures: string[] = [];
  let report: JsonReport = {};
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as JsonReport;
  } catch {
    failures.push(`(no report) ${run.stderr.split('\n').slice(-20).join('\n')}`);
  }
  for (const file of report.testResults ?? []) {
    const rel = file.name.startsWith(dir) ? file.name.slice(dir.length + 1) : file.name;
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${rel} > ${t.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${rel} (file failed: ${(file.message ?? '').split('\n')[0]})`);
  }
  // Type errors of test-d files and unhandled errors fail the run without a failed assertion.
  if (run.status !== 0 && failures.length === 0)
    failures.push(
      `(run failed) ${`${run.stdout}\n${run.stderr}`
        .split('\n')
        .filter((l) => /error/i.test(l))
        .slice(0, 5)
        .join(' | ')}`,
    );
  return { failed: run.status !== 0, failures };
}

function main(): void {
  const { only, files, keep } = parseArgs(process.argv.slice(2));
  const chosen = MUTATIONS.filter((m) => only === undefined || only.has(m.name));
  for (const m of chosen) checkPattern(m);
  const dir = copyTree();
  console.log(`copy: ${dir}\nfiles: ${files.length === 0 ? 'the whole suite' : files.join(' ')}`);
  let survived = 0;
  try {
    const baseline = runSuite(dir, files);
    if (baseline.failed) {
      console.error(`baseline: the suite fails without any mutation, so no mutation can be judged:\n  ${baseline.failures.join('\n  ')}`);
      process.exit(1);
    }
    console.log('baseline: passes');
    for (const m of chosen) {
      const path = join(dir, m.file);
      const original = readFileSync(path, 'utf8');
      writeFileSync(
        path,
        original.replace(m.search, () => m.replace),
      );
      const started = Date.now();
      const outcome = runSuite(dir, files);
      writeFileSync(path, original);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (outcome.failed) {
        console.log(`\n[caught]   ${m.name}: ${m.description} (${seconds} s, ${outcome.failures.length} failing)`);
        for (const f of outcome.failures) console.log(`    ${f}`);
      } else {
        survived++;
        console.log(`\n[SURVIVED] ${m.name}: ${m.description} (${seconds} s)`);
      }
    }
  } finally {
    if (keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${chosen.length - survived} of ${chosen.length} mutations caught`);
  process.exit(survived === 0 ? 0 : 1);
}

main();
