/**
 * Twenty questions a partner's staff asks an assistant (catalog, stock, orders, balance, labels...),
 * each answered by a scripted agent through the MCP SDK's own Client, two ways:
 *
 * - `default`: the default tools, as a model new to the API uses them: `search` with the question's
 *   words, `describe` when it must build an input, then `execute` with the fields the question needs;
 * - `all`: `tools: 'all'`, one tool per operation, called at once with the same input and fields.
 *
 * Both servers have a catalog mirror (memory store, backfilled first), as `--mirror-dir` gives them.
 * Per question: tool calls, bytes of results (tokens ≈ bytes ÷ 4), API calls (every request the
 * fake received), 429 answers, and token leaks (the token, or its secret part, in any answer). The
 * tool list is paid once per conversation and reported apart.
 *
 * Run: npx tsx bench/mcp-agent.ts   (results: bench/README.md, "MCP: twenty agent questions")
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { pathToFileURL } from 'node:url';
import { PartnerCommerce } from '../src/index.js';
import { createMcpServer } from '../src/mcp/index.js';
import { createMemoryStore, createMirror } from '../src/mirror/index.js';
import { createFakeApi } from '../src/testing/index.js';

const TOKEN = 'svc_sbx_bench_agent_5f3a9c0e7d21';

/** One step of a plan: a tool and its arguments. */
interface Step {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

/** A question and the operation that answers it. */
export interface Question {
  readonly text: string;
  readonly catalog: boolean;
  /** The words the agent searches with. */
  readonly words: string;
  readonly operation: string;
  readonly input?: Record<string, unknown>;
  readonly fields?: readonly string[];
  /** The agent reads `describe` first: it must build a body. */
  readonly describe?: boolean;
}

/** The ids the questions need, made in the fake before the run. */
interface Seed {
  orderId: string;
  customerId: string;
  item: { sku: string; numeracao: string; quantidade: number };
}

export function questions(seed: Seed): Question[] {
  const order = { id: seed.orderId };
  return [
    { text: 'How many products does the catalog have?', catalog: true, words: 'mirror status', operation: 'mirror.status', fields: ['counts'] },
    {
      text: 'How much of SKU-0040 size 38 is in stock?',
      catalog: true,
      words: 'stock of a product',
      operation: 'produtos.estoque',
      input: { sku: 'SKU-0040' },
      fields: ['numeracoes[numeracao=38].estoque'],
    },
    { text: 'What is the wholesale price of SKU-0012?', catalog: true, words: 'product price', operation: 'produtos.obter', input: { sku: 'SKU-0012' }, fields: ['sku', 'precoAtacado'] },
    { text: 'Is SKU-0005 still sold?', catalog: true, words: 'product', operation: 'produtos.obter', input: { sku: 'SKU-0005' }, fields: ['ativo'] },
    {
      text: 'Sku and stock of size 38 of 50 products',
      catalog: true,
      words: 'mirror catalog products',
      operation: 'mirror.catalog',
      input: { limite: 50 },
      fields: ['sku', 'numeracoes[numeracao=38].estoque'],
    },
    { text: 'Which categories are there?', catalog: false, words: 'categories', operation: 'categorias.listar', fields: ['id', 'nome'] },
    { text: 'Which sizes exist?', catalog: false, words: 'sizes', operation: 'numeracoes.listar' },
    { text: 'What is our balance?', catalog: false, words: 'balance', operation: 'financeiro.saldo', fields: ['saldo'] },
    { text: 'The last five entries of our statement', catalog: false, words: 'statement', operation: 'financeiro.extrato', input: { limite: 5 }, fields: ['tipo', 'valor', 'descricao'] },
    { text: 'Which orders are waiting for payment?', catalog: false, words: 'list orders', operation: 'pedidos.listar', fields: ['id', 'status', 'total'] },
    { text: `What is the status and total of order ${seed.orderId}?`, catalog: false, words: 'order', operation: 'pedidos.obter', input: order, fields: ['status', 'total'] },
    { text: `What was bought in order ${seed.orderId}?`, catalog: false, words: 'order items', operation: 'pedidos.obter', input: order, fields: ['itens.sku', 'itens.numeracao', 'itens.quantidade'] },
    { text: 'Who are our customers?', catalog: false, words: 'customers', operation: 'clientes.listar', fields: ['id', 'nome'] },
    { text: `Details of customer ${seed.customerId}`, catalog: false, words: 'customer', operation: 'clientes.obter', input: { id: seed.customerId } },
    { text: 'Which shipping labels do we have?', catalog: false, words: 'list labels', operation: 'etiquetas.listar', fields: ['id', 'status', 'rastreio'] },
    { text: 'Is a label provider connected?', catalog: false, words: 'label provider connected', operation: 'etiquetas.conexao' },
    { text: `What would shipping order ${seed.orderId} cost?`, catalog: false, words: 'shipping quote', operation: 'etiquetas.cotar', input: { body: { pedidoId: seed.orderId } }, describe: true },
    { text: 'Is our profile complete enough to order?', catalog: false, words: 'account profile', operation: 'conta.obter', fields: ['fichaCompleta'] },
    { text: 'Is our storefront published?', catalog: false, words: 'storefront', operation: 'lojaHub.obter', fields: ['publicacao'] },
    {
      text: 'Could we order 1 pair of this item now?',
      catalog: false,
      words: 'validate an order',
      operation: 'pedidos.validar',
      input: { body: { enviarPara: 'CLIENTE', itens: [seed.item] } },
      describe: true,
    },
  ];
}

type Mode = 'default' | 'known' | 'all';
const MODES: readonly Mode[] = ['default', 'known', 'all'];

function plan(q: Question, mode: Mode): Step[] {
  const fields = q.fields ? { fields: q.fields } : {};
  if (mode === 'all') return [{ tool: q.operation.replaceAll('.', '_'), args: { ...q.input, ...fields } }];
  const execute = { tool: 'execute', args: { operation: q.operation, ...(q.input ? { input: q.input } : {}), ...fields } };
  // A model that already knows the id (from earlier in the conversation, or the docs) calls execute at once.
  if (mode === 'known') return [execute];
  return [{ tool: 'search', args: { query: q.words, limite: 5 } }, ...(q.describe ? [{ tool: 'describe', args: { operation: q.operation } }] : []), execute];
}

/** What one question cost in one mode. */
export interface Cost {
  question: string;
  catalog: boolean;
  calls: number;
  bytes: number;
  apiCalls: number;
  status429: number;
  leaks: number;
  errors: number;
  found: boolean;
}

/** Runs the twenty questions both ways; the tool list's size of each mode, and each question's cost. */
export async function runAgentBench(): Promise<{ listBytes: Record<Mode, number>; costs: Record<Mode, Cost[]> }> {
  const fake = createFakeApi({ catalogSize: 60, rateLimit: { perMinute: 60, windowMs: 60_000 } });
  let apiCalls = 0;
  let status429 = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    apiCalls++;
    const response = await fake.fetch(input, init);
    if (response.status === 429) status429++;
    return response;
  };
  const client = new PartnerCommerce({ token: TOKEN, baseUrl: 'https://sandbox.example.test', fetch, logLevel: 'off' });
  const product = fake.catalog.products().find((p) => p.ativo && p.numeracoes.some((s) => s.estoque >= 5))!;
  const size = product.numeracoes.find((s) => s.estoque >= 5)!;
  const item = { sku: product.sku, numeracao: size.numeracao, quantidade: 1 };
  const created = await client.pedidos.criar({ enviarPara: 'CLIENTE', itens: [item] });
  const customer = await client.clientes.criar({ nome: 'Ana Souza' });
  const mirror = createMirror({ client, store: createMemoryStore() });
  await mirror.backfill();
  const seed: Seed = { orderId: created.id, customerId: (customer as { id: string }).id, item };
  const secret = TOKEN.slice('svc_sbx_'.length);

  const listBytes: Record<Mode, number> = { default: 0, known: 0, all: 0 };
  const costs: Record<Mode, Cost[]> = { default: [], known: [], all: [] };
  for (const mode of MODES) {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: 'agent-bench', version: '0' });
    const server = createMcpServer({ client, mirror, ...(mode === 'all' ? { tools: 'all' as const } : {}) });
    await server.connect(b);
    await mcp.connect(a);
    listBytes[mode] = Buffer.byteLength(JSON.stringify(await mcp.listTools()));
    for (const q of questions(seed)) {
      const before = { api: apiCalls, s429: status429 };
      let bytes = 0;
      let leaks = 0;
      let errors = 0;
      let found = mode !== 'default';
      for (const step of plan(q, mode)) {
        const result = await mcp.callTool({ name: step.tool, arguments: step.args });
        const raw = JSON.stringify(result);
        bytes += Buffer.byteLength(raw);
        if (raw.includes(secret)) leaks++;
        if (result.isError === true) errors++;
        if (step.tool === 'search') found = ((result.structuredContent as { results: { id: string }[] }).results ?? []).some((r) => r.id === q.operation);
      }
      costs[mode].push({ question: q.text, catalog: q.catalog, calls: plan(q, mode).length, bytes, apiCalls: apiCalls - before.api, status429: status429 - before.s429, leaks, errors, found });
    }
    await mcp.close();
    await server.close();
  }
  await mirror.close();
  return { listBytes, costs };
}

const tokens = (bytes: number) => Math.round(bytes / 4);

async function main(): Promise<void> {
  const { listBytes, costs } = await runAgentBench();
  console.log(`tools/list: default ${listBytes.default} bytes (≈${tokens(listBytes.default)} tokens), all ${listBytes.all} bytes (≈${tokens(listBytes.all)} tokens)\n`);
  console.log('| # | question | default, new model: calls / result tokens / API calls | default, id known | all | found by search |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const cell = (c: Cost) => `${c.calls} / ${tokens(c.bytes)} / ${c.apiCalls}`;
  costs.default.forEach((d, i) => {
    console.log(`| ${i + 1} | ${d.question}${d.catalog ? ' (catalog)' : ''} | ${cell(d)} | ${cell(costs.known[i]!)} | ${cell(costs.all[i]!)} | ${d.found ? 'yes' : 'no'} |`);
  });
  for (const mode of MODES) {
    const c = costs[mode];
    const sum = (k: keyof Cost) => c.reduce((s, x) => s + (x[k] as number), 0);
    console.log(
      `\n${mode}: ${sum('calls')} tool calls, ≈${tokens(sum('bytes'))} result tokens (+${tokens(listBytes[mode])} for the list), ${sum('apiCalls')} API calls (catalog questions: ${c.filter((x) => x.catalog).reduce((s, x) => s + x.apiCalls, 0)}), ${sum('status429')} 429s, ${sum('leaks')} token leaks, ${sum('errors')} failed calls`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
