// Proves the contract checks can fail: each runs on a copy of dist/openapi.json made wrong in one known
// way, and must fail naming the operation it was made wrong at. A check that passed here would pass on
// any document, and its green line in CI would mean nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadDocument } from './document.js';

type Doc = Record<string, any>;

interface Tampering {
  /** The check, as CI runs it (its npm script's name). */
  readonly script: string;
  /** Its command on the tampered copy at `path`. */
  readonly command: (path: string) => readonly string[];
  /** What was made wrong, for the report. */
  readonly what: string;
  /** The operation the check must name. */
  readonly operation: string;
  /** What the check's output must contain beyond the operation. */
  readonly says: string;
  readonly tamper: (doc: Doc) => void;
}

const operationById = (doc: Doc, id: string): Doc => {
  for (const item of Object.values(doc['paths'] as Doc)) for (const op of Object.values(item as Doc)) if ((op as Doc)['operationId'] === id) return op as Doc;
  throw new Error(`the document has no operation ${id}`);
};

/** The creation `id` declares 200 alone, the answer the sandbox never gives it (it creates with 201). */
const declareOnly200 = (doc: Doc, id: string): void => {
  const responses = operationById(doc, id)['responses'] as Doc;
  responses['200'] ??= responses['201'];
  delete responses['201'];
};

const TAMPERINGS: readonly Tampering[] = [
  {
    script: 'contract:fuzz',
    command: () => [bin('tsx'), 'test/contract/property-run.ts'],
    what: 'clientes.criar declares only 200, where the sandbox creates with 201',
    operation: 'clientes.criar',
    says: 'answered 201, which the document does not declare',
    tamper: (doc) => declareOnly200(doc, 'clientes.criar'),
  },
  {
    script: 'contract:proxy',
    command: () => [bin('tsx'), 'test/contract/proxy-flow.ts'],
    what: 'pedidos.criar declares only 200, where the sandbox creates with 201',
    operation: 'pedidos.criar',
    says: 'prism',
    tamper: (doc) => declareOnly200(doc, 'pedidos.criar'),
  },
  {
    script: 'contract:lint',
    command: (path) => [bin('redocly'), 'lint', path, '--config', 'redocly.yaml'],
    what: 'pedidos.obter has no description',
    operation: 'pedidos.obter',
    says: 'operation-description',
    tamper: (doc) => {
      delete operationById(doc, 'pedidos.obter')['description'];
    },
  },
];

const root = resolve(import.meta.dirname, '../..');
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(join(tmpdir(), 'contract-self-check-'));
let failures = 0;
try {
  for (const [i, t] of TAMPERINGS.entries()) {
    const doc = structuredClone(loadDocument()) as Doc;
    t.tamper(doc);
    const path = join(dir, `tampered-${i}.json`);
    writeFileSync(path, JSON.stringify(doc, null, 2));
    const [command, ...args] = t.command(path) as [string, ...string[]];
    const env = { ...process.env, CONTRACT_DOCUMENT: path, CONTRACT_RUNS: '5', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const run = spawnSync(command, args, { cwd: root, encoding: 'utf8', env, timeout: 180_000 });
    const output = `${run.stdout}${run.stderr}`;
    const named = output.includes(t.operation) || output.includes(operationPath(doc, t.operation));
    const ok = run.status !== 0 && named && output.includes(t.says);
    console.log(`${ok ? '✔' : '✖'} ${t.script} fails on a document where ${t.what}${ok ? '' : ` (exit ${run.status}; named ${t.operation}: ${named}; said "${t.says}": ${output.includes(t.says)})`}`);
    if (!ok) {
      failures++;
      console.log(output.split('\n').slice(-30).join('\n'));
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\ncontract:self-check: ${TAMPERINGS.length - failures} of ${TAMPERINGS.length} checks fail on the document made wrong for them`);
process.exitCode = failures === 0 ? 0 : 1;

/** Redocly names a place by its JSON pointer: the path item of the operation, as written there. */
function operationPath(doc: Doc, id: string): string {
  for (const [path, item] of Object.entries(doc['paths'] as Doc)) for (const op of Object.values(item as Doc)) if ((op as Doc)['operationId'] === id) return path.replaceAll('/', '~1');
  return id;
}
