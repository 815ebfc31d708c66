import { describe, expect, it, vi } from 'vitest';
import { Money } from '../../src/money/index.js';
import { expandBatch, parseWebhook, WebhookParseError, type EventoIndividual } from '../../src/webhooks/index.js';
import { DADOS, ENVELOPE, eventoBody, eventoJson, produtoJson } from './fixtures.js';
import { testHandler } from './helpers.js';

const LOTE = eventoBody('produto.lote', { loteExtra: 'sim' });

function issuesOf(body: unknown) {
  try {
    parseWebhook(body as object);
  } catch (err) {
    if (err instanceof WebhookParseError) return err.issues;
    throw err;
  }
  throw new Error('expected a WebhookParseError');
}

describe('produto.lote parsing', () => {
  it('checks each item against its own kind, with money as Money', () => {
    const lote = parseWebhook(LOTE);
    if (lote.evento !== 'produto.lote') throw new Error('wrong kind');
    expect(lote.dados.total).toBe(3);
    const item = lote.dados.itens[1]!;
    if (item.evento !== 'produto.preco_atualizado') throw new Error('wrong item kind');
    expect(item.anterior.precoSugerido).toBeInstanceOf(Money);
    expect(item.alterados).toEqual(['precoSugerido']);
  });

  it('reports a bad item at its index and field path', () => {
    const dados = DADOS['produto.lote']();
    dados.itens[1] = { ...dados.itens[1]!, anterior: { precoAtacado: 'R$ 1' } } as never;
    (dados.itens as unknown[]).push(7);
    expect(issuesOf(eventoJson('produto.lote', { dados })).map((i) => i.path)).toEqual(['dados.itens.1.anterior.precoAtacado', 'dados.itens.3']);
  });

  it('keeps an item of an unknown kind as sent, and still checks the known ones beside it', () => {
    const novo = { evento: 'produto.imagem_alterada', produto: { sku: 'X' }, imagens: ['a.jpg'] };
    const lote = parseWebhook(eventoJson('produto.lote', { dados: { total: 2, itens: [novo, DADOS['produto.lote']().itens[0]] } }));
    expect(lote.evento === 'produto.lote' && lote.dados.itens[0]).toEqual(novo);
    const bad = { evento: 'produto.criado', produto: produtoJson('Y', { ativo: 'sim' }) };
    expect(issuesOf(eventoJson('produto.lote', { dados: { total: 2, itens: [novo, bad] } })).map((i) => i.path)).toEqual(['dados.itens.1.produto.ativo']);
  });

  it('refuses an item that is itself a produto.lote', () => {
    const itens = [{ evento: 'produto.lote', total: 0, itens: [] }];
    expect(issuesOf(eventoJson('produto.lote', { dados: { total: 1, itens } }))).toEqual([{ path: 'dados.itens.0.evento', message: 'a lote item cannot itself be a produto.lote' }]);
  });

  it('refuses an item without evento', () => {
    expect(issuesOf(eventoJson('produto.lote', { dados: { total: 1, itens: [{ produto: produtoJson() }] } }))).toEqual([{ path: 'dados.itens.0.evento', message: 'is required (expected string)' }]);
  });
});

describe('expandBatch', () => {
  it('gives each item as the single event it replaces, with a stable derived id and the lote envelope', () => {
    const itens = expandBatch(parseWebhook(LOTE));
    expect(itens.map((e) => [e.id, e.evento])).toEqual([
      [`${ENVELOPE.id}:0`, 'produto.estoque_atualizado'],
      [`${ENVELOPE.id}:1`, 'produto.preco_atualizado'],
      [`${ENVELOPE.id}:2`, 'produto.nome_alterado'],
    ]);
    for (const e of itens) {
      expect(e).toMatchObject({ criadoEm: ENVELOPE.criadoEm, ambiente: 'producao', integracao: ENVELOPE.integracao, loteExtra: 'sim' });
      expect(e.dados).not.toHaveProperty('evento');
    }
    expect(expandBatch(parseWebhook(LOTE)).map((e) => e.id)).toEqual(itens.map((e) => e.id));
  });

  it('gives an item the same shape as the single notice of its kind', () => {
    const [, item] = expandBatch(parseWebhook(LOTE));
    const single = parseWebhook(eventoBody('produto.preco_atualizado', { dados: { ...DADOS['produto.lote']().itens[1], evento: undefined } }));
    const shape = (e: EventoIndividual) => JSON.parse(JSON.stringify({ ...e, id: 'x', loteExtra: undefined })) as unknown;
    expect(shape(item!)).toEqual(shape(single as EventoIndividual));
  });

  it('gives any other event as itself', () => {
    const evento = parseWebhook(eventoBody('pedido.criado'));
    expect(expandBatch(evento)).toEqual([evento]);
  });

  it('keeps a "__proto__" field of an item a plain field, without touching prototypes', () => {
    const body = `{"id":"evt_1","evento":"produto.lote","criadoEm":"${ENVELOPE.criadoEm}","ambiente":"producao","integracao":{"id":"i","nome":"n"},"dados":{"total":1,"itens":[{"evento":"produto.algo","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}]}}`;
    const [item] = expandBatch(parseWebhook(body));
    expect(Object.getPrototypeOf(item!.dados)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('createWebhookHandler with a produto.lote', () => {
  it('runs the handler of each item kind once per item, in order, with the same code as single events', async () => {
    const calls: string[] = [];
    const on = {
      'produto.estoque_atualizado': vi.fn(async (e: { id: string; dados: { produto: { sku: string } } }) => void calls.push(`estoque ${e.dados.produto.sku} ${e.id}`)),
      'produto.preco_atualizado': vi.fn(async (e: { dados: { anterior: { precoAtacado: Money } } }) => void calls.push(`preco ${e.dados.anterior.precoAtacado.toString()}`)),
    };
    const { handler } = testHandler({ on });
    expect(await handler.handle(LOTE)).toMatchObject({ status: 200, outcome: 'handled' });
    expect(await handler.handle(eventoBody('produto.estoque_atualizado', { id: 'evt_2' }))).toMatchObject({ status: 200 });
    expect(calls).toEqual([`estoque TEN-001 ${ENVELOPE.id}:0`, 'preco 129.90', 'estoque TEN-001 evt_2']);
  });

  it('skips items already handled when a lote comes back after a failure, and the whole lote once done', async () => {
    let failNome = true;
    const seen: string[] = [];
    const { handler } = testHandler({
      on: {
        'produto.estoque_atualizado': (e) => void seen.push(e.id),
        'produto.nome_alterado': (e) => {
          if (failNome) throw new Error('falhou');
          seen.push(e.id);
        },
      },
    });
    expect(await handler.handle(LOTE)).toMatchObject({ status: 500, outcome: 'failed' });
    failNome = false;
    expect(await handler.handle(LOTE)).toMatchObject({ status: 200, outcome: 'handled' });
    expect(await handler.handle(LOTE)).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect(seen).toEqual([`${ENVELOPE.id}:0`, `${ENVELOPE.id}:2`]);
  });

  it('ids are opaque: a real event whose id looks like a lote item id is its own event, in either order', async () => {
    const fn = vi.fn();
    const { handler } = testHandler({ on: { 'produto.estoque_atualizado': fn } });
    const lookalike = eventoBody('produto.estoque_atualizado', { id: `${ENVELOPE.id}:0` });
    expect((await handler.handle(LOTE)).outcome).toBe('handled');
    const callsForLote = fn.mock.calls.length;
    expect(await handler.handle(lookalike)).toMatchObject({ status: 200, outcome: 'handled' });
    expect(fn).toHaveBeenCalledTimes(callsForLote + 1);
    const other = testHandler({ on: { 'produto.estoque_atualizado': vi.fn() } });
    expect((await other.handler.handle(lookalike)).outcome).toBe('handled');
    expect((await other.handler.handle(LOTE)).outcome).toBe('handled');
  });

  it('hands a whole lote to on["produto.lote"] instead of the item handlers, when given', async () => {
    const item = vi.fn();
    const lote = vi.fn();
    const { handler } = testHandler({ on: { 'produto.lote': lote, 'produto.estoque_atualizado': item } });
    expect((await handler.handle(LOTE)).outcome).toBe('handled');
    expect(lote).toHaveBeenCalledTimes(1);
    expect(item).not.toHaveBeenCalled();
  });

  it('answers 200 unhandled for a lote none of whose kinds has a handler, and sends unknown items to onUnknown', async () => {
    expect(await testHandler({ on: { 'pedido.criado': () => {} } }).handler.handle(LOTE)).toMatchObject({ status: 200, outcome: 'unhandled' });
    const onUnknown = vi.fn();
    const body = eventoBody('produto.lote', { dados: { total: 1, itens: [{ evento: 'produto.novo', produto: { sku: 'Z' } }] } });
    expect((await testHandler({ onUnknown }).handler.handle(body)).outcome).toBe('handled');
    expect(onUnknown).toHaveBeenCalledWith(expect.objectContaining({ id: `${ENVELOPE.id}:0`, evento: 'produto.novo', dados: { produto: { sku: 'Z' } } }));
  });
});
