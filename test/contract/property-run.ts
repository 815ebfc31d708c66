// Contract check 2 of 3 (npm run contract:fuzz; a step of .ci/run): a property-based run generated
// from the shipped document (dist/openapi.json) against the local sandbox (`partner-commerce
// sandbox`). For every operation fast-check draws positive cases (requests the document allows: path
// values from what the sandbox holds or random, query and bodies from the schemas, the first body
// openapi-sampler's) and negative cases (one part broken on purpose, confirmed invalid by ajv), sends
// them with plain fetch (the SDK would refuse the negative ones before sending), and judges each
// answer by the document with ajv:
//   - no 5xx;
//   - the status is declared (exactly, or by its 4XX range);
//   - the body matches the schema declared for that status (204: none);
//   - a negative case is refused (4xx), never accepted with a 2xx;
//   - a positive case is not refused as malformed (400 VALIDACAO / PARAMETRO_INVALIDO).
// Bounded: CONTRACT_RUNS cases (default 20) of each kind per operation, 10 s per request. The seed
// is fixed (CONTRACT_SEED, default 36) so a failure replays; it is printed with each finding.
import fc from 'fast-check';
import { sample } from 'openapi-sampler';
import { PartnerCommerce } from 'partner-commerce';
import { samplePdf } from 'partner-commerce/testing';
import { mutationOf, valueOf, wrongQueryValue } from './arbitraries.js';
import { declaredResponse, deref, loadDocument, operationsOf, type DocOperation, type Schema } from './document.js';
import { startLocalSandbox, type RunningServer } from './processes.js';
import { printReport, type Finding } from './report.js';
import { validatorsFor } from './validation.js';

const SEED = Number(process.env['CONTRACT_SEED'] ?? 36);
const RUNS = Number(process.env['CONTRACT_RUNS'] ?? 20);
const REQUEST_BOUND_MS = 10_000;
const TOKEN = 'svc_sbx_contract_fuzz';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const FILES: Record<string, Uint8Array> = { 'logo.png': PNG, 'capa.jpg': JPEG, 'comprovante.pdf': samplePdf('Comprovante') };
const FILE_TYPES: Record<string, string> = { 'logo.png': 'image/png', 'capa.jpg': 'image/jpeg', 'comprovante.pdf': 'application/pdf' };
/**
 * Refusals that depend on what the sandbox holds, not on the request's shape, so no schema can
 * state them: a positive case refused only on these fields is not a disagreement.
 */
const DATA_RULES: readonly { operation: string; campo: string; why: string }[] = [
  { operation: 'sandbox.produtos.definirEstoque', campo: 'numeracao', why: 'the size must be one the product already has' },
  // The services are the label provider's (etiquetas.cotar lists them); the document says "at least 1".
  { operation: 'etiquetas.cotar', campo: 'servicoId', why: 'the service must be one the provider offers' },
  { operation: 'etiquetas.emitir', campo: 'servicoId', why: 'the service must be one the provider offers' },
];

/** One generated request. */
interface Case {
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body?: { readonly json: unknown } | { readonly multipart: Readonly<Record<string, string>>; readonly file?: string | undefined } | undefined;
  readonly idempotencyKey?: string | undefined;
  /** For a negative case: what was broken. */
  readonly change?: string | undefined;
}

const doc = loadDocument();
const operations = operationsOf(doc);
const judge = validatorsFor(doc);
const judgeQuery = validatorsFor(doc, { coerce: true });
const findings: Finding[] = [];
let sent = 0;

/** The key of a path parameter's pool: its name, or `<resource>.id` for a bare `{id}`. */
function poolKey(op: DocOperation, name: string): string {
  if (name !== 'id') return name;
  const segments = op.path.split('/');
  return `${segments[segments.indexOf('{id}') - 1]}.id`;
}

/** Records made on the sandbox first, so generated paths often name something that exists. */
async function seed(url: string): Promise<Map<string, string[]>> {
  const client = new PartnerCommerce({ token: TOKEN, baseUrl: url, maxRetries: 0 });
  const pools = new Map<string, string[]>();
  const add = (key: string, value: unknown) => pools.set(key, [...(pools.get(key) ?? []), String(value)]);
  const produtos = (await client.produtos.listar({ limite: 100 })).dados;
  const stocked = [];
  for (const { sku } of produtos.slice(0, 10)) {
    const produto = await client.produtos.obter(sku);
    add('sku', sku);
    const size = produto.numeracoes.find((n) => n.estoque >= 5);
    if (produto.ativo && size) stocked.push({ sku, numeracao: size.numeracao });
  }
  const item = stocked[0];
  if (item === undefined) throw new Error('the sandbox catalog has no product with stock to seed orders from');
  for (let i = 0; i < 2; i++) add('clientes.id', (await client.clientes.criar({ nome: `Cliente ${i}` })).id);
  for (let i = 0; i < 2; i++) {
    const pedido = await client.pedidos.criar({ itens: [{ ...item, quantidade: 1 }] });
    add('pedidos.id', pedido.id);
    add('pedidoId', pedido.id);
    const itemId = String((pedido.itens?.[0] as { id?: unknown } | undefined)?.id);
    add('itemId', itemId);
    add('rastreioId', (await client.pedidos.rastreios.adicionar(pedido.id, { codigo: `AA12345678${i}BR`, transportadora: 'Correios' })).id);
    add('anexoId', (await client.pedidos.comprovantes.enviar(pedido.id, FILES['comprovante.pdf']!)).id);
    add('despesaId', (await client.pedidos.despesas.adicionar(pedido.id, { descricao: 'Embalagem', valor: '1.00' })).id);
    await client.pedidos.definirValorVenda(pedido.id, itemId, '99.90');
    const etiqueta = await client.etiquetas.emitir({ pedidoId: pedido.id, servicoId: 1 });
    add('etiquetas.id', etiqueta.id);
    add('etiquetaId', etiqueta.id);
  }
  add('bannerId', (await client.lojaHub.banners.adicionar(JPEG, { nomeArquivo: 'capa.jpg' })).id);
  return pools;
}

const randomSegment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);

function pathArb(op: DocOperation, pools: Map<string, string[]>): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const name of op.pathParams) {
    const known = pools.get(poolKey(op, name)) ?? [];
    model[name] = known.length === 0 ? randomSegment : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: randomSegment });
  }
  return fc.record(model);
}

function queryArb(op: DocOperation): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.queryParams)
    model[p.name] = valueOf(doc, p.schema)
      .map(String)
      .filter((v) => judgeQuery(p.schema)(v).length === 0);
  return fc.record(model, { requiredKeys: op.queryParams.filter((p) => p.required).map((p) => p.name) });
}

const jsonSchemaOf = (op: DocOperation): Schema | undefined => op.body?.content['application/json'];
const multipartSchemaOf = (op: DocOperation): Schema | undefined => op.body?.content['multipart/form-data'];
const idempotencyArb = (op: DocOperation) => (op.headerParams.some((h) => h.name.toLowerCase() === 'idempotency-key') ? fc.uuid() : fc.constant(undefined));

function positiveArb(op: DocOperation, pools: Map<string, string[]>): fc.Arbitrary<Case> {
  const json = jsonSchemaOf(op);
  let body: fc.Arbitrary<Case['body']> = fc.constant(undefined);
  if (json !== undefined) {
    const sampled = sample(json as never, { skipReadOnly: true, quiet: true }, doc);
    const valid = judge(json);
    body = fc
      .oneof(fc.constant(sampled), valueOf(doc, json))
      .filter((v) => valid(v).length === 0)
      .map((v) => ({ json: v }));
  } else if (multipartSchemaOf(op) !== undefined) {
    const parts: Record<string, string> = op.path.includes('/anexos') ? { tipo: 'COMPROVANTE' } : {};
    body = fc.constantFrom(...filesFor(op)).map((file) => ({ multipart: parts, file }));
  }
  return fc.record({ path: pathArb(op, pools), query: queryArb(op), body, idempotencyKey: idempotencyArb(op) });
}

/**
 * The sample files the document allows for the upload's part `arquivo`: those whose type its
 * `encoding.arquivo.contentType` lists (`image/png, image/jpeg`, `image/*`), or all when it lists none.
 */
function filesFor(op: DocOperation): string[] {
  const raw = (doc['paths'] as Record<string, Record<string, { requestBody?: unknown }>>)[op.path]?.[op.method.toLowerCase()]?.requestBody;
  const media = (deref(doc, raw) as { content?: Record<string, { encoding?: { arquivo?: { contentType?: string } } }> } | undefined)?.content?.['multipart/form-data'];
  const allowed = media?.encoding?.arquivo?.contentType?.split(',').map((t) => t.trim()) ?? [];
  const fits = (type: string) => allowed.length === 0 || allowed.some((a) => a === type || a === '*/*' || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));
  return Object.keys(FILES).filter((file) => fits(FILE_TYPES[file]!));
}

/** Negative cases: a JSON body, a multipart body or a query parameter broken, whichever the operation has. */
function negativeArb(op: DocOperation, pools: Map<string, string[]>): fc.Arbitrary<Case> | undefined {
  const base = fc.record({ path: pathArb(op, pools), query: queryArb(op), idempotencyKey: idempotencyArb(op) });
  const kinds: fc.Arbitrary<Case>[] = [];
  const json = jsonSchemaOf(op);
  if (json !== undefined) {
    const invalid = judge(json);
    kinds.push(
      fc
        .tuple(
          base,
          valueOf(doc, json).filter((v) => invalid(v).length === 0),
        )
        .chain(([c, valid]) => mutationOf(doc, json, valid).map((m) => ({ ...c, body: { json: m.value }, change: m.change })))
        .filter((c) => c.body !== undefined && 'json' in c.body && invalid(c.body.json).length > 0),
    );
  }
  if (multipartSchemaOf(op) !== undefined) kinds.push(base.map((c) => ({ ...c, body: { multipart: { outro: 'x' } }, change: 'multipart without the required part "arquivo"' })));
  const constrained = op.queryParams.filter((p) => wrongValues(p.schema).length > 0);
  if (constrained.length > 0) {
    kinds.push(
      fc
        .tuple(base, fc.constantFrom(...constrained))
        .chain(([c, p]) => fc.constantFrom(...wrongValues(p.schema)).map((v) => ({ ...c, query: { ...c.query, [p.name]: v }, change: `query ${p.name}=${JSON.stringify(v)}` }))),
    );
  }
  return kinds.length === 0 ? undefined : fc.oneof(...kinds);
}

/** The candidate wrong query values that ajv confirms break the schema. */
function wrongValues(schema: Schema): string[] {
  const check = judgeQuery(schema);
  return fc.sample(wrongQueryValue(), { numRuns: 40, seed: 1 }).filter((v, i, all) => all.indexOf(v) === i && check(v).length > 0);
}

async function send(baseUrl: string, op: DocOperation, c: Case): Promise<{ status: number; contentType: string; text: string }> {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(c.path[name] ?? ''));
  const url = new URL(path, baseUrl);
  for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
  if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
  let body: string | FormData | undefined;
  if (c.body !== undefined && 'json' in c.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body.json) ?? 'null';
  } else if (c.body !== undefined) {
    const form = new FormData();
    for (const [k, v] of Object.entries(c.body.multipart)) form.set(k, v);
    if (c.body.file !== undefined) form.set('arquivo', new Blob([FILES[c.body.file]! as Uint8Array<ArrayBuffer>]), c.body.file);
    body = form;
  }
  sent++;
  const response = await fetch(url, { method: op.method, headers, body, signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** What is wrong with an answer, judged by the document. */
function judgeAnswer(op: DocOperation, c: Case, negative: boolean, answer: { status: number; contentType: string; text: string }): { check: string; detail: string }[] {
  const problems: { check: string; detail: string }[] = [];
  const { status } = answer;
  if (status >= 500) problems.push({ check: '5xx', detail: `answered ${status}: ${answer.text.slice(0, 200)}` });
  const declared = declaredResponse(op, status);
  if (declared === undefined) {
    problems.push({ check: 'status', detail: `answered ${status}, which the document does not declare (it declares ${Object.keys(op.responses).join(', ')})` });
  } else if (declared.content !== undefined) {
    const schema = declared.content['application/json'];
    if (schema !== undefined) {
      if (!answer.contentType.includes('json')) problems.push({ check: 'content-type', detail: `answered ${status} as "${answer.contentType}", the document declares application/json` });
      else {
        const errors = judge(schema)(JSON.parse(answer.text));
        if (errors.length > 0) problems.push({ check: 'schema', detail: `answer ${status} does not match the schema of ${declared.key}: ${errors.join('; ')}` });
      }
    }
  } else if (answer.text !== '') {
    problems.push({ check: 'body', detail: `answered ${status} with a body, the document declares none for ${declared.key}` });
  }
  const codigo = status === 400 ? errorCode(answer.text) : undefined;
  if (negative && status >= 200 && status < 300) problems.push({ check: 'negative accepted', detail: `accepted a request the document forbids (${c.change}) with ${status}` });
  if (!negative && (codigo === 'VALIDACAO' || codigo === 'PARAMETRO_INVALIDO') && !onlyDataRules(op, answer.text)) {
    problems.push({ check: 'positive refused', detail: `refused a request the document allows with 400 ${codigo} (${fieldsOf(answer.text)})` });
  }
  return problems;
}

function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { erro?: { codigo?: string } }).erro?.codigo;
  } catch {
    return undefined;
  }
}

/** Whether every field a 400 names is one of {@link DATA_RULES} for this operation. */
function onlyDataRules(op: DocOperation, text: string): boolean {
  try {
    const detalhes = (JSON.parse(text) as { erro?: { detalhes?: { campo?: string }[] } }).erro?.detalhes ?? [];
    return detalhes.length > 0 && detalhes.every((d) => DATA_RULES.some((r) => r.operation === op.id && r.campo === d.campo));
  } catch {
    return false;
  }
}

function fieldsOf(text: string): string {
  try {
    const detalhes = (JSON.parse(text) as { erro?: { detalhes?: { campo?: string; mensagem?: string }[] } }).erro?.detalhes ?? [];
    return detalhes.map((d) => `${d.campo}: ${d.mensagem}`).join('; ') || 'no detalhes';
  } catch {
    return 'body not JSON';
  }
}

async function runOperation(baseUrl: string, op: DocOperation, index: number, pools: Map<string, string[]>): Promise<void> {
  for (const negative of [false, true]) {
    const arb = negative ? negativeArb(op, pools) : positiveArb(op, pools);
    if (arb === undefined) continue;
    const seed = SEED + index * 2 + (negative ? 1 : 0);
    let cases = 0;
    const result = await fc.check(
      fc.asyncProperty(arb, async (c) => {
        cases++;
        const answer = await send(baseUrl, op, c);
        for (const p of judgeAnswer(op, c, negative, answer)) {
          // Ids and request ids differ from case to case; the finding does not.
          const detail = `${p.detail.replace(/req_[0-9a-f-]+/g, 'req_…')} [fast-check seed ${seed}]`;
          const check = `${negative ? 'negative' : 'positive'} ${p.check}`;
          if (!findings.some((f) => f.operation === op.id && f.detail === detail)) console.log(`  ${op.id} [${check}] ${detail}\n    e.g. ${describe(c)}`);
          findings.push({ operation: op.id, check, detail });
        }
        return true;
      }),
      { seed, numRuns: RUNS, endOnFailure: true, maxSkipsPerRun: 50 },
    );
    if (result.failed)
      findings.push({
        operation: op.id,
        check: 'runner',
        detail: `fast-check stopped (seed ${seed}): ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance ?? 'too many discarded cases')}`,
      });
    if (!negative && cases === 0) findings.push({ operation: op.id, check: 'coverage', detail: 'no positive case could be generated from the document' });
  }
}

const describe = (c: Case) => JSON.stringify({ path: c.path, query: c.query, body: c.body, change: c.change }).slice(0, 300);

let sandbox: RunningServer | undefined;
let crashed: unknown;
try {
  sandbox = await startLocalSandbox();
  console.log(`sandbox ${sandbox.url}; ${operations.length} operations, ${RUNS} positive and ${RUNS} negative cases each, CONTRACT_SEED=${SEED}`);
  const pools = await seed(sandbox.url);
  for (const [index, op] of operations.entries()) await runOperation(sandbox.url, op, index, pools);
} catch (err) {
  crashed = err;
} finally {
  await sandbox?.stop();
}
if (crashed !== undefined) findings.push({ operation: '(run)', check: 'setup', detail: crashed instanceof Error ? (crashed.stack ?? crashed.message) : String(crashed) });
const ok = printReport('contract:fuzz (property-based run from the document)', findings, `${sent} requests over ${operations.length} operations, CONTRACT_SEED=${SEED}`);
process.exitCode = ok ? 0 : 1;
