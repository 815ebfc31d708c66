// Contract check 1 of 3 (npm run contract:proxy; a step of .ci/run): the SDK drives every operation
// of the shipped document through Stoplight Prism's validating proxy, built from dist/openapi.json,
// in front of the local sandbox (`partner-commerce sandbox`). Prism judges each request and each
// answer against the document; with --errors a violation becomes an error answer that lists it in
// `sl-violations`. The run fails when any call has a violation, a step fails, or an operation of the
// document was never called, and says which operation.
//
// Each step sends its own operation through the proxy; what it needs first (an order, a customer, a
// label) is made on the sandbox directly, so a violation in one operation cannot hide the next.
import { ApiError, PartnerCommerce } from 'partner-commerce';
import { samplePdf } from 'partner-commerce/testing';
import { DOCUMENT_PATH, loadDocument, matchOperation, operationsOf, type DocOperation } from './document.js';
import { startLocalSandbox, startPrismProxy, type RunningServer } from './processes.js';
import { printReport, type Finding } from './report.js';

const TOKEN = 'svc_sbx_contract_proxy';
/** The first bytes of a PNG and a JPEG: the sandbox reads an image's type from them. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/** One call that went through the proxy. */
interface Call {
  readonly operation: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly violations: readonly string[];
}

const operations = operationsOf(loadDocument());
const calls: Call[] = [];
const findings: Finding[] = [];

/** A fetch that notes each call's operation, status and Prism's verdict (the `sl-violations` header). */
function recordingFetch(operationsOfDoc: readonly DocOperation[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await fetch(input, init);
    const header = response.headers.get('sl-violations');
    const violations =
      header === null
        ? []
        : (JSON.parse(header) as { location?: string[]; severity?: string; message?: string }[]).map(
            (v) => `${v.severity ?? 'Error'} at ${(v.location ?? []).join('.') || '?'}: ${v.message ?? JSON.stringify(v)}`,
          );
    calls.push({ operation: matchOperation(operationsOfDoc, method, url.pathname)?.id, method, path: url.pathname + url.search, status: response.status, violations });
    return response;
  };
}

/** Runs one step whose calls through the proxy must be `id` and pass; a thrown error is a finding unless Prism's violations explain it. */
async function step(id: string, run: () => Promise<unknown>, expectedCode?: string): Promise<void> {
  const before = calls.length;
  let failure: string | undefined;
  try {
    await run();
    if (expectedCode !== undefined) failure = `expected the API error ${expectedCode}, the call succeeded`;
  } catch (err) {
    const explained = calls.slice(before).some((c) => c.violations.length > 0);
    const expected = expectedCode !== undefined && err instanceof ApiError && err.codigo === expectedCode;
    if (!expected && !explained) failure = `the step failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
  }
  const mine = calls.slice(before);
  if (!mine.some((c) => c.operation === id)) failure ??= `the step sent no request of ${id} through the proxy`;
  for (const call of mine) {
    if (call.operation === undefined) findings.push({ operation: '(no operation)', check: 'route', detail: `${call.method} ${call.path} matches no operation of the document` });
    for (const v of call.violations) findings.push({ operation: call.operation ?? id, check: 'prism', detail: `${call.method} ${call.path} → ${call.status}: ${v}` });
  }
  if (failure !== undefined) findings.push({ operation: id, check: 'step', detail: failure });
}

async function flow(proxyUrl: string, sandboxUrl: string): Promise<void> {
  // maxRetries 0: Prism's error answer for a violation is a 500, which must be reported, not retried.
  const via = new PartnerCommerce({ token: TOKEN, baseUrl: proxyUrl, maxRetries: 0, fetch: recordingFetch(operations) });
  const direct = new PartnerCommerce({ token: TOKEN, baseUrl: sandboxUrl, maxRetries: 0 });

  // Account and catalog.
  await step('conta.obter', () => via.conta.obter());
  await step('conta.eu', () => via.conta.eu());
  await step('produtos.listar', () => via.produtos.listar({ limite: 5 }));
  const { sku, numeracao } = await inStock(direct);
  await step('produtos.obter', () => via.produtos.obter(sku));
  await step('produtos.obter', () => via.produtos.obter('SKU-9999'), 'NAO_ENCONTRADO');
  await step('produtos.estoque', () => via.produtos.estoque(sku));
  await step('categorias.listar', () => via.categorias.listar({ limite: 5 }));
  await step('numeracoes.listar', () => via.numeracoes.listar({ limite: 5 }));

  // Customers.
  const novoCliente = { nome: 'Ana Souza', whatsapp: '+5511900000000', endereco: { cep: '01310-100', rua: 'Av. Paulista, 1000' } };
  await step('clientes.criar', () => via.clientes.criar(novoCliente));
  const cliente = await direct.clientes.criar(novoCliente);
  await step('clientes.listar', () => via.clientes.listar({ limite: 5 }));
  await step('clientes.obter', () => via.clientes.obter(cliente.id));
  await step('clientes.atualizar', () => via.clientes.atualizar(cliente.id, { nome: 'Ana S.' }));
  await step('clientes.remover', () => via.clientes.remover(cliente.id));
  await step('clientes.obter', () => via.clientes.obter(cliente.id), 'NAO_ENCONTRADO');

  // Orders, their tracking codes, payment proofs, expenses and simulators.
  const novoPedido = { enviarPara: 'CLIENTE', cliente: novoCliente, itens: [{ sku, numeracao, quantidade: 1 }] } as const;
  await step('pedidos.validar', () => via.pedidos.validar(novoPedido));
  await step('pedidos.criar', () => via.pedidos.criar(novoPedido));
  const pedido = await direct.pedidos.criar(novoPedido);
  const itemId = String((pedido.itens?.[0] as { id?: unknown } | undefined)?.id);
  await step('pedidos.listar', () => via.pedidos.listar({ limite: 5 }));
  await step('pedidos.obter', () => via.pedidos.obter(pedido.id));
  await step('pedidos.definirValorVenda', () => via.pedidos.definirValorVenda(pedido.id, itemId, '189.90'));
  const novoRastreio = { codigo: 'AA123456789BR', transportadora: 'Correios' };
  await step('pedidos.rastreios.adicionar', () => via.pedidos.rastreios.adicionar(pedido.id, novoRastreio));
  // A validated code cannot be removed (409 CONFLITO): one code is validated, another removed.
  const rastreio = await direct.pedidos.rastreios.adicionar(pedido.id, { ...novoRastreio, codigo: 'BB987654321BR' });
  await step('sandbox.pedidos.validarRastreio', () => via.sandbox.pedidos.validarRastreio(pedido.id, rastreio.id));
  const outroRastreio = await direct.pedidos.rastreios.adicionar(pedido.id, { ...novoRastreio, codigo: 'CC555555555BR' });
  await step('pedidos.rastreios.remover', () => via.pedidos.rastreios.remover(pedido.id, outroRastreio.id));
  const pdf = samplePdf('Comprovante do pedido');
  await step('pedidos.comprovantes.enviar', () => via.pedidos.comprovantes.enviar(pedido.id, pdf, { nomeArquivo: 'comprovante.pdf' }));
  // Once a proof is validated the order takes no other, and a validated one cannot be removed: one proof is removed first, then another validated.
  const outroAnexo = await direct.pedidos.comprovantes.enviar(pedido.id, pdf, { nomeArquivo: 'ted.pdf' });
  await step('pedidos.comprovantes.remover', () => via.pedidos.comprovantes.remover(pedido.id, outroAnexo.id));
  const anexo = await direct.pedidos.comprovantes.enviar(pedido.id, pdf, { nomeArquivo: 'pix.pdf' });
  await step('sandbox.pedidos.validarComprovante', () => via.sandbox.pedidos.validarComprovante(pedido.id, anexo.id));
  const novaDespesa = { descricao: 'Embalagem', valor: '12.50' };
  await step('pedidos.despesas.adicionar', () => via.pedidos.despesas.adicionar(pedido.id, novaDespesa));
  const despesa = await direct.pedidos.despesas.adicionar(pedido.id, novaDespesa);
  await step('pedidos.despesas.remover', () => via.pedidos.despesas.remover(pedido.id, String(despesa.id)));
  await step('sandbox.pedidos.alterarStatus', () => via.sandbox.pedidos.alterarStatus(pedido.id, 'PAGO'));

  // Ledger.
  await step('sandbox.financeiro.criarLancamento', () => via.sandbox.financeiro.criarLancamento({ valor: '150.00', descricao: 'Repasse', pedidoId: pedido.id }));
  await step('financeiro.saldo', () => via.financeiro.saldo());
  await step('financeiro.extrato', () => via.financeiro.extrato({ limite: 5 }));

  // Labels: one issued through the proxy, another (on its own order) made directly for the later steps.
  await step('etiquetas.conexao', () => via.etiquetas.conexao());
  await step('etiquetas.cotar', () => via.etiquetas.cotar({ pedidoId: pedido.id }));
  await step('etiquetas.emitir', () => via.etiquetas.emitir({ pedidoId: pedido.id, servicoId: 2 }));
  const outro = await direct.pedidos.criar(novoPedido);
  await direct.pedidos.definirValorVenda(outro.id, String((outro.itens?.[0] as { id?: unknown } | undefined)?.id), '189.90');
  const etiqueta = await direct.etiquetas.emitir({ pedidoId: outro.id, servicoId: 2 });
  await step('etiquetas.listar', () => via.etiquetas.listar({ limite: 5 }));
  await step('sandbox.etiquetas.alterarStatus', () => via.sandbox.etiquetas.alterarStatus(etiqueta.id, 'IMPRESSA'));
  await step('etiquetas.cancelar', () => via.etiquetas.cancelar(etiqueta.id));

  // Storefront.
  await step('lojaHub.obter', () => via.lojaHub.obter());
  await step('lojaHub.atualizar', () => via.lojaHub.atualizar({ nome: 'Loja Contrato', whatsapp: '+5511911112222', endereco: { cep: '01001-000' } }));
  await step('lojaHub.produtos.adicionar', () => via.lojaHub.produtos.adicionar(sku));
  await step('lojaHub.produtos.definirTexto', () => via.lojaHub.produtos.definirTexto(sku, { titulo: 'Tênis da vitrine', descricao: 'Confortável' }));
  await step('lojaHub.produtos.listar', () => via.lojaHub.produtos.listar({ limite: 5 }));
  await step('lojaHub.publicar', () => via.lojaHub.publicar());
  await step('lojaHub.estatisticas', () => via.lojaHub.estatisticas({ periodo: '30d' }));
  await step('lojaHub.aparencia', () => via.lojaHub.aparencia());
  await step('lojaHub.atualizarAparencia', () => via.lojaHub.atualizarAparencia({ corPrimaria: '#112233', tema: 'claro' }));
  // Prism's proxy reads a request body as UTF-8 text before forwarding it, so an image's bytes (a PNG
  // starts with 0x89, a JPEG with 0xFF) reach the sandbox altered and are refused as 400 VALIDACAO
  // (stoplightio/prism#2349, open; #1321). Through the proxy the image uploads are therefore checked
  // on that refusal, which Prism judges against the document's 4XX answer; their success answers are
  // checked by the property-based run (contract:fuzz), which calls the sandbox directly.
  await step('lojaHub.enviarLogo', () => via.lojaHub.enviarLogo(PNG, { nomeArquivo: 'logo.png' }), 'VALIDACAO');
  await direct.lojaHub.enviarLogo(PNG, { nomeArquivo: 'logo.png' });
  await step('lojaHub.removerLogo', () => via.lojaHub.removerLogo());
  await step('lojaHub.banners.adicionar', () => via.lojaHub.banners.adicionar(JPEG, { nomeArquivo: 'capa.jpg' }), 'VALIDACAO');
  const banner = await direct.lojaHub.banners.adicionar(JPEG, { nomeArquivo: 'capa-2.jpg' });
  await step('lojaHub.banners.listar', () => via.lojaHub.banners.listar({ limite: 5 }));
  await step('lojaHub.banners.remover', () => via.lojaHub.banners.remover(String(banner.id)));
  await step('lojaHub.produtos.remover', () => via.lojaHub.produtos.remover(sku));
  await step('lojaHub.despublicar', () => via.lojaHub.despublicar());

  // Stock simulator, then the reset last: it deletes what the steps above made.
  await step('sandbox.produtos.definirEstoque', () => via.sandbox.produtos.definirEstoque(sku, { numeracao, estoque: 7 }));
  await step('sandbox.conta.resetar', () => via.sandbox.conta.resetar());
}

/** A product and size with stock, asked of the sandbox directly. */
async function inStock(client: PartnerCommerce): Promise<{ sku: string; numeracao: string }> {
  for await (const { sku } of client.produtos.listar({ limite: 100 })) {
    const produto = await client.produtos.obter(sku);
    const size = produto.numeracoes.find((n) => n.estoque >= 5);
    if (produto.ativo && size) return { sku, numeracao: size.numeracao };
  }
  throw new Error('the sandbox catalog has no active product with 5 pairs in stock');
}

let sandbox: RunningServer | undefined;
let prism: RunningServer | undefined;
let crashed: unknown;
try {
  sandbox = await startLocalSandbox();
  const started = Date.now();
  prism = await startPrismProxy(DOCUMENT_PATH, sandbox.url);
  console.log(`Prism ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`sandbox ${sandbox.url}, Prism's validating proxy ${prism.url} (document ${DOCUMENT_PATH})`);
  await flow(prism.url, sandbox.url);
} catch (err) {
  crashed = err;
} finally {
  await prism?.stop();
  await sandbox?.stop();
}
const called = new Set(calls.map((c) => c.operation));
for (const op of operations) if (!called.has(op.id)) findings.push({ operation: op.id, check: 'coverage', detail: `${op.method} ${op.path} was never called through the proxy` });
if (crashed !== undefined) findings.push({ operation: '(flow)', check: 'setup', detail: crashed instanceof Error ? (crashed.stack ?? crashed.message) : String(crashed) });
const ok = printReport('contract:proxy (Prism validating proxy)', findings, `${calls.length} calls through the proxy over ${called.size} of ${operations.length} operations`);
process.exitCode = ok ? 0 : 1;
