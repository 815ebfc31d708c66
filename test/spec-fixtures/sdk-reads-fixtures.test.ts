// The other side of kit-conformance.test.ts: the SDK's resources and parseWebhook read every spec fixture and
// give back the values it holds (money as the right amount, strings, integers and flags unchanged).
import { describe, expect, it } from 'vitest';
import { ApiError, Money, STATUS_PEDIDO, UnexpectedResponseError, type PartnerCommerce } from '../../src/index.js';
import { Page } from '../../src/pagination/index.js';
import { expandBatch, parseWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { json } from '../helpers/scripted-fetch.js';
import { PDF, PNG } from '../testing/helpers.js';
import { ANSWERS, EVENTS, MONEY, answer, event, type SpecFixture } from './fixtures.js';

/** A client whose every request is answered with `body` (status 200, or the fixture's stated one). */
function clientAnswering(body: unknown, status = 200): { client: PartnerCommerce; sent: Request[] } {
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    sent.push(new Request(input, init));
    return body === null ? new Response(null, { status: 204, headers: { 'x-request-id': 'req_1' } }) : json(status, body);
  };
  return { client: testClient(fetch, { maxRetries: 0 }), sent };
}

function statusOf(fixture: SpecFixture): number {
  return typeof fixture.$status === 'number' ? fixture.$status : 200;
}

/** Each SDK method of docs/endpoints.md, called with plausible arguments. */
const CALLS: Record<string, (c: PartnerCommerce) => PromiseLike<unknown>> = {
  'conta.obter': (c) => c.conta.obter(),
  'conta.eu': (c) => c.conta.eu(),
  'produtos.listar': (c) => c.produtos.listar(),
  'produtos.obter': (c) => c.produtos.obter('TEN-001'),
  'produtos.estoque': (c) => c.produtos.estoque('TEN-001'),
  'categorias.listar': (c) => c.categorias.listar(),
  'numeracoes.listar': (c) => c.numeracoes.listar(),
  'clientes.listar': (c) => c.clientes.listar(),
  'clientes.obter': (c) => c.clientes.obter('cli_1'),
  'clientes.criar': (c) => c.clientes.criar({ nome: 'Ana Souza' }),
  'clientes.atualizar': (c) => c.clientes.atualizar('cli_1', { nome: 'Ana Souza' }),
  'clientes.remover': (c) => c.clientes.remover('cli_1'),
  'pedidos.listar': (c) => c.pedidos.listar(),
  'pedidos.obter': (c) => c.pedidos.obter('ped_1'),
  'pedidos.criar': (c) => c.pedidos.criar({ itens: [{ sku: 'TEN-001', numeracao: '38', quantidade: 1 }] }),
  'pedidos.validar': (c) => c.pedidos.validar({ itens: [{ sku: 'TEN-001', numeracao: '38', quantidade: 1 }] }),
  'pedidos.definirValorVenda': (c) => c.pedidos.definirValorVenda('ped_1', 'itm_1', '120.00'),
  'pedidos.rastreios.adicionar': (c) => c.pedidos.rastreios.adicionar('ped_1', { codigo: 'AA123456789BR', transportadora: 'Correios' }),
  'pedidos.rastreios.remover': (c) => c.pedidos.rastreios.remover('ped_1', 'ras_1'),
  'pedidos.comprovantes.enviar': (c) => c.pedidos.comprovantes.enviar('ped_1', PDF),
  'pedidos.comprovantes.remover': (c) => c.pedidos.comprovantes.remover('ped_1', 'anx_1'),
  'pedidos.despesas.adicionar': (c) => c.pedidos.despesas.adicionar('ped_1', { descricao: 'Frete', valor: '12.50' }),
  'pedidos.despesas.remover': (c) => c.pedidos.despesas.remover('ped_1', 'dsp_1'),
  'financeiro.saldo': (c) => c.financeiro.saldo(),
  'financeiro.extrato': (c) => c.financeiro.extrato(),
  'etiquetas.conexao': (c) => c.etiquetas.conexao(),
  'etiquetas.cotar': (c) => c.etiquetas.cotar({ pedidoId: 'ped_1' }),
  'etiquetas.emitir': (c) => c.etiquetas.emitir({ pedidoId: 'ped_1', servicoId: 2 }),
  'etiquetas.listar': (c) => c.etiquetas.listar(),
  'etiquetas.cancelar': (c) => c.etiquetas.cancelar('etq_1'),
  'lojaHub.obter': (c) => c.lojaHub.obter(),
  'lojaHub.atualizar': (c) => c.lojaHub.atualizar({ whatsapp: '11999990000' }),
  'lojaHub.publicar': (c) => c.lojaHub.publicar(),
  'lojaHub.despublicar': (c) => c.lojaHub.despublicar(),
  'lojaHub.estatisticas': (c) => c.lojaHub.estatisticas(),
  'lojaHub.aparencia': (c) => c.lojaHub.aparencia(),
  'lojaHub.atualizarAparencia': (c) => c.lojaHub.atualizarAparencia({ corPrimaria: '#112233' }),
  'lojaHub.enviarLogo': (c) => c.lojaHub.enviarLogo(PNG),
  'lojaHub.removerLogo': (c) => c.lojaHub.removerLogo(),
  'lojaHub.produtos.listar': (c) => c.lojaHub.produtos.listar(),
  'lojaHub.produtos.adicionar': (c) => c.lojaHub.produtos.adicionar('TEN-001'),
  'lojaHub.produtos.remover': (c) => c.lojaHub.produtos.remover('TEN-001'),
  'lojaHub.produtos.definirTexto': (c) => c.lojaHub.produtos.definirTexto('TEN-001', { titulo: 'Meu título' }),
  'lojaHub.banners.listar': (c) => c.lojaHub.banners.listar(),
  'lojaHub.banners.adicionar': (c) => c.lojaHub.banners.adicionar(PNG),
  'lojaHub.banners.remover': (c) => c.lojaHub.banners.remover('ban_1'),
  'sandbox.pedidos.alterarStatus': (c) => c.sandbox.pedidos.alterarStatus('ped_1', 'PAGO'),
  'sandbox.pedidos.validarComprovante': (c) => c.sandbox.pedidos.validarComprovante('ped_1', 'anx_1'),
  'sandbox.pedidos.validarRastreio': (c) => c.sandbox.pedidos.validarRastreio('ped_1', 'ras_1'),
  'sandbox.etiquetas.alterarStatus': (c) => c.sandbox.etiquetas.alterarStatus('etq_1', 'IMPRESSA'),
  'sandbox.financeiro.criarLancamento': (c) => c.sandbox.financeiro.criarLancamento({ valor: '100.00', descricao: 'Bônus' }),
  'sandbox.produtos.definirEstoque': (c) => c.sandbox.produtos.definirEstoque('TEN-001', { numeracao: '38', estoque: 12 }),
  'sandbox.conta.resetar': (c) => c.sandbox.conta.resetar(),
};

/**
 * Where `parsed` does not hold the fixture's values, one line each: money must be a Money of the
 * same amount, other leaves equal; object keys of the example must be there (the SDK may add none
 * it did not read, so extra keys are fine).
 */
function valueProblems(expected: unknown, parsed: unknown, path = ''): string[] {
  const at = path || '(body)';
  if (typeof expected === 'string' && MONEY.test(expected)) {
    return parsed instanceof Money && parsed.equals(expected) ? [] : [`${at}: expected the amount ${expected}, got ${String(parsed)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(parsed) || parsed.length !== expected.length) return [`${at}: expected an array of ${expected.length}, got ${JSON.stringify(parsed)}`];
    return expected.flatMap((e, i) => valueProblems(e, parsed[i], `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (parsed === null || typeof parsed !== 'object') return [`${at}: expected an object, got ${String(parsed)}`];
    return Object.entries(expected).flatMap(([k, v]) => valueProblems(v, (parsed as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  }
  return Object.is(expected, parsed) ? [] : [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(parsed)}`];
}

/** A Page of the SDK laid out as the wire envelope (it lifts `paginacao`'s fields onto the page). */
function asWire(result: unknown): unknown {
  if (result instanceof Page) return { dados: result.dados, paginacao: { proximoCursor: result.proximoCursor, temMais: result.temMais } };
  return result;
}

const withBody = [...ANSWERS.values()].filter((f) => f.body !== null && f.name !== 'erro');

describe('the SDK reads every answer fixture', () => {
  it('has a call for every answer fixture', () => {
    expect([...ANSWERS.keys()].filter((n) => n !== 'erro' && !(n in CALLS))).toEqual([]);
  });

  it.each(withBody.map((f) => f.name))("%s gives the fixture's values", async (name) => {
    const fixture = answer(name);
    const { client } = clientAnswering(fixture.body, statusOf(fixture));
    expect(valueProblems(fixture.body, asWire(await CALLS[name]!(client)))).toEqual([]);
  });

  // The SDK reads a record there (the storefront's product selection); the spec shows no answer, so
  // whether a 204 must be accepted is open: left to the SDK's reading.
  const recordExpected = new Set(['lojaHub.produtos.adicionar', 'lojaHub.produtos.definirTexto']);
  it.each([...ANSWERS.values()].filter((f) => f.body === null && !recordExpected.has(f.name)).map((f) => f.name))('%s accepts an answer without a body', async (name) => {
    const { client, sent } = clientAnswering(null);
    await CALLS[name]!(client);
    expect(sent).toHaveLength(1);
  });

  it('reads the error body into an ApiError with its code, request id and details', async () => {
    const fixture = answer('erro');
    const { client } = clientAnswering(fixture.body, 400);
    const err = await Promise.resolve(client.pedidos.obter('ped_1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const erro = (fixture.body as { erro: { codigo: string; requestId: string; detalhes: unknown[] } }).erro;
    expect(err).toMatchObject({ codigo: erro.codigo, status: 400, requestId: erro.requestId, detalhes: erro.detalhes });
  });
});

describe('the SDK refuses a record without its identifier', () => {
  // sku identifies a product, id every other record (General conventions > Identifiers): without it
  // the record cannot be told apart, so the SDK must report the answer, not hand on a record without it.
  it.each([
    ['produtos.obter', 'sku'],
    ['produtos.estoque', 'sku'],
    ['pedidos.obter', 'id'],
    ['sandbox.pedidos.alterarStatus', 'id'],
    ['etiquetas.emitir', 'id'],
    ['pedidos.comprovantes.enviar', 'id'],
    ['pedidos.rastreios.adicionar', 'id'],
    ['sandbox.financeiro.criarLancamento', 'id'],
    ['clientes.obter', 'id'],
  ])('%s without %s', async (name, key) => {
    const fixture = answer(name);
    const { [key]: _dropped, ...rest } = fixture.body as Record<string, unknown>;
    const { client } = clientAnswering(rest, statusOf(fixture));
    await expect(Promise.resolve(CALLS[name]!(client))).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it.each(['pedido.criado', 'produto.estoque_atualizado'])('%s notice whose record lacks its identifier', (name) => {
    const body = structuredClone(event(name).body) as { dados: Record<string, Record<string, unknown>> };
    const record = Object.values(body.dados)[0]!;
    delete record[name.startsWith('produto.') ? 'sku' : 'id'];
    expect(() => parseWebhook(JSON.stringify(body))).toThrow();
  });
});

describe('the SDK knows every order status of the spec', () => {
  const spec = answer('pedidos.obter').$enums!.status as string[];

  it('STATUS_PEDIDO holds the seven states of the spec', () => {
    expect([...STATUS_PEDIDO].sort()).toEqual([...spec].sort());
  });

  it.each(spec)('sandbox.pedidos.alterarStatus sends %s and reads the order back in it', async (status) => {
    const { client, sent } = clientAnswering({ ...(answer('sandbox.pedidos.alterarStatus').body as object), status });
    const pedido = await client.sandbox.pedidos.alterarStatus('ped_1', status);
    expect(pedido.status).toBe(status);
    expect(await sent[0]!.json()).toEqual({ status });
  });
});

describe('the SDK writes money as the spec says', () => {
  // General conventions > Money: a string with exactly two decimals and a dot, negative with a minus.
  it.each([
    ['pedidos.definirValorVenda', 'valor', '120.00', (c: PartnerCommerce) => c.pedidos.definirValorVenda('ped_1', 'itm_1', 120)],
    ['pedidos.definirValorVenda', 'valor', '99.90', (c: PartnerCommerce) => c.pedidos.definirValorVenda('ped_1', 'itm_1', Money.of('99.9'))],
    ['sandbox.financeiro.criarLancamento', 'valor', '-12.50', (c: PartnerCommerce) => c.sandbox.financeiro.criarLancamento({ valor: -12.5, descricao: 'Tarifa' })],
  ] as const)('%s sends %s as %s', async (name, field, wire, send) => {
    const { client, sent } = clientAnswering(answer(name).body);
    await send(client);
    const body = (await sent[0]!.json()) as Record<string, unknown>;
    expect(body[field]).toMatch(MONEY);
    expect(body[field]).toBe(wire);
  });
});

describe('the SDK reads every event fixture', () => {
  it.each([...EVENTS.keys()])("parseWebhook(%s) gives the fixture's values", (name) => {
    const body = event(name).body as { dados: unknown };
    const parsed = parseWebhook(JSON.stringify(body));
    expect(valueProblems(body, parsed)).toEqual([]);
  });

  it.each(['produto.lote', 'produto.lote.com-alterados'])('expandBatch(%s) gives each item as the single notice of its kind', (name) => {
    const body = event(name).body as { dados: { itens: Array<{ evento: string } & Record<string, unknown>> } };
    const items = expandBatch(parseWebhook(JSON.stringify(body)));
    expect(items.map((i) => i.evento)).toEqual(body.dados.itens.map((i) => i.evento));
    items.forEach((item, i) => {
      const { evento: _kind, ...dados } = body.dados.itens[i]!;
      expect(valueProblems(dados, item.dados)).toEqual([]);
    });
  });
});
