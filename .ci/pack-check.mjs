// What `npm pack` would publish, checked before it is published: the license, the docs a partner
// needs, the examples and the agents' index ship, and every link in the shipped Markdown (and in
// llms.txt) resolves to a file in the tarball, down to its heading. A link to this repository's own
// files on GitHub is refused: it points at whatever main holds, not at the version installed.
// Run after `npm run build` (dist must exist); exits 1 naming every problem.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const REPOSITORY_FILES = /^https:\/\/github\.com\/partner-commerce\/partner-commerce\/(blob|tree)\//;

const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }));
const shipped = new Set(pack.files.map((f) => f.path));
const problems = [];

const required = [
  'LICENSE',
  'README.md',
  'CHANGELOG.md',
  'llms.txt',
  'package.json',
  'dist/index.js',
  'dist/openapi.json',
  ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync('examples').filter((f) => f.endsWith('.ts')).map((f) => `examples/${f}`),
];
for (const file of required) if (!shipped.has(file)) problems.push(`${file}: not in the tarball`);

const license = readFileSync('LICENSE', 'utf8');
const declared = JSON.parse(readFileSync('package.json', 'utf8')).license;
if (!license.startsWith(`${declared} License`)) problems.push(`LICENSE: does not start with "${declared} License" (package.json says ${declared})`);
const document = JSON.parse(readFileSync('dist/openapi.json', 'utf8'));
if (document.info?.license?.identifier !== declared) problems.push(`dist/openapi.json: info.license.identifier is not ${declared}`);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const linking = [...shipped].filter((f) => f.endsWith('.md') && !f.startsWith('dist/')).concat('llms.txt');
for (const file of linking) {
  let fenced = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced) return;
      for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const where = `${file}:${index + 1}`;
        if (REPOSITORY_FILES.test(target)) {
          problems.push(`${where}: links to the repository on GitHub (${target}); ship the file and link it relatively, or name it without a link`);
          continue;
        }
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split('#');
        const resolved = path === '' ? file : normalize(join(dirname(file), path)).replace(/\/$/, '');
        if (!shipped.has(resolved)) {
          problems.push(`${where}: ${target} is not in the tarball`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
          problems.push(`${where}: ${target}: no heading "#${anchor}" in ${resolved}`);
        }
      }
    });
}

if (problems.length > 0) {
  console.error(`npm pack: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`npm pack: ${shipped.size} files; LICENSE (${declared}), docs, examples and llms.txt ship; every link in ${linking.length} shipped files resolves inside the package`);
