/**
 * `npm run compat` (and a `.ci/run` step after the build): the programs a partner wrote against 0.1 and
 * 0.1's API reports, checked against today's build and CHANGELOG.md's "### Breaking" list.
 *
 * 1. The consumer programs (.ci/compat/0.1/consumers) type-check against dist/ (the package's own name,
 *    resolved through package.json's exports): each diagnostic must quote a listed name.
 * 2. Every name (and class or interface member) of .ci/compat/0.1/api/*.api.md missing from api/*.api.md
 *    must be listed.
 * 3. Each consumer with no diagnostic runs against dist/ (tsx, the fake, no network): it must exit 0, or
 *    fail only by a removed name's stub ("<name> was removed in 0.2: use <replacement>") of a listed name.
 *
 * Options: --changelog <file>, --old <dir of 0.1 reports>, --new <dir of today's reports> (for the
 * self-test), --no-consumers (steps 2 and the CHANGELOG only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnosticRow, listedNames, parseBreaking, removedNames, stubRow } from './breaking.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HERE = join(ROOT, '.ci/compat');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? resolve(args[i + 1]) : fallback;
};
const changelogPath = option('--changelog', join(ROOT, 'CHANGELOG.md'));
const oldDir = option('--old', join(HERE, '0.1/api'));
const newDir = option('--new', join(ROOT, 'api'));
const withConsumers = !args.includes('--no-consumers');

const failures = [];
const { rows, problems } = parseBreaking(readFileSync(changelogPath, 'utf8'));
failures.push(...problems);
const listed = listedNames(rows);
const cite = (row) => `CHANGELOG line ${row.line}: ${row.old} -> ${row.replacement}`;

// 2. The API reports.
let removedCount = 0;
for (const file of readdirSync(oldDir)
  .filter((f) => f.endsWith('.api.md'))
  .sort()) {
  let now;
  try {
    now = readFileSync(join(newDir, file), 'utf8');
  } catch {
    failures.push(`api/${file}: the entry ${file.replace('.api.md', '')} is gone, and no Breaking line can list a whole entry`);
    continue;
  }
  for (const r of removedNames(file.replace('.api.md', ''), readFileSync(join(oldDir, file), 'utf8'), now, listed)) {
    removedCount++;
    if (!r.row) failures.push(`removed without a Breaking line: ${r.what}`);
  }
}
console.log(`API reports: ${removedCount} names and members of 0.1 gone, each checked against ${rows.length} Breaking rows`);

if (withConsumers) {
  // 1. Type-check the consumer programs against dist/.
  const consumersDir = join(HERE, '0.1/consumers');
  const consumers = readdirSync(consumersDir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const out = spawnSync(process.execPath, [tsc, '-p', join(HERE, 'tsconfig.json'), '--pretty', 'false'], { cwd: ROOT, encoding: 'utf8' });
  const broken = new Map();
  for (const line of out.stdout.split('\n')) {
    const m = line.match(/^(.+?)\(\d+,\d+\): error (TS\d+): (.*)$/);
    if (!m) {
      if (line.trim() && !line.startsWith(' ')) failures.push(`tsc: ${line}`);
      continue;
    }
    const file = m[1].split('/').at(-1);
    const row = diagnosticRow(m[3], listed);
    broken.set(file, [...(broken.get(file) ?? []), row ? row.names.join(',') : m[3]]);
    if (!row) failures.push(`${relative(ROOT, join(consumersDir, file))}: ${m[2]} ${m[3]} (no Breaking line lists the name)`);
    else console.log(`  ${file}: ${m[2]} ${m[3]} [listed: ${cite(row)}]`);
  }
  // 3. Run the programs that still type-check.
  const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  for (const file of consumers) {
    if (broken.has(file)) {
      console.log(`${file}: not run, breaks only on listed names`);
      continue;
    }
    const run = spawnSync(process.execPath, [tsx, '--tsconfig', join(HERE, 'tsconfig.json'), join(consumersDir, file)], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const output = `${run.stdout}${run.stderr}`;
    if (run.status === 0) {
      const warnings = output.split('\n').filter((l) => l.includes('is deprecated')).length;
      console.log(`${file}: ran${warnings ? ` (${warnings} deprecation warnings)` : ''}`);
      continue;
    }
    const row = stubRow(output, listed);
    if (row) console.log(`${file}: stops at a removed name's stub [listed: ${cite(row)}]`);
    else failures.push(`${file}: failed against today's build:\n${output.split('\n').slice(0, 12).join('\n')}`);
  }
}

if (failures.length) {
  console.error(`\ncompatibility with 0.1: ${failures.length} problem(s). A removed or renamed public name needs a row in CHANGELOG.md's "### Breaking" table: old name | replacement.`);
  for (const f of failures) console.error(`- ${f}`);
  process.exit(1);
}
console.log('compatibility with 0.1: every break is listed under Breaking with its replacement');
