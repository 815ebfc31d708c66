import { describe, expect, it } from 'vitest';
import { buildWebhookEvent, buildWebhookRequest } from '../../src/testing/index.js';
import { compareProducts, shouldApply, expandBatch, isProductEvent, parseWebhook, productHandlers, TIPOS_EVENTO, TIPOS_EVENTO_PRODUTO, type EventoProduto } from '../../src/webhooks/index.js';
import { testHandler } from './helpers.js';

const produto = (overrides: Record<string, unknown> = {}) => ({ ...buildWebhookEvent('produto.criado').dados.produto, ...overrides });

describe('TIPOS_EVENTO_PRODUTO', () => {
  it('lists the seven single product kinds of the spec, in its order, and no lote', () => {
    expect(TIPOS_EVENTO_PRODUTO).toEqual([
      'produto.estoque_atualizado',
      'produto.preco_atualizado',
      'produto.nome_alterado',
      'produto.categorias_alteradas',
      'produto.criado',
      'produto.desativado',
      'produto.reativado',
    ]);
    expect(TIPOS_EVENTO.filter((k) => k.startsWith('produto.') && k !== 'produto.lote')).toEqual([...TIPOS_EVENTO_PRODUTO]);
    expect(Object.isFrozen(TIPOS_EVENTO_PRODUTO)).toBe(true);
  });
});

describe('isProductEvent', () => {
  it('is true for each product kind, parsed or as a lote item, and false for the rest', () => {
    for (const kind of TIPOS_EVENTO_PRODUTO) expect(isProductEvent(parseWebhook(buildWebhookEvent(kind)))).toBe(true);
    expect(isProductEvent(parseWebhook(buildWebhookEvent('produto.lote')))).toBe(false);
    expect(isProductEvent(parseWebhook(buildWebhookEvent('pedido.criado')))).toBe(false);
    expect(isProductEvent(parseWebhook({ ...buildWebhookEvent('teste.ping'), evento: 'produto.inventado', dados: {} }))).toBe(false);
    const lote = parseWebhook(buildWebhookEvent('produto.lote'));
    if (lote.evento !== 'produto.lote') throw new Error('expected a lote');
    expect(lote.dados.itens.map(isProductEvent)).toEqual([true, true]);
  });

  it('does not take an inherited name for a kind', () => {
    expect(isProductEvent({ evento: 'constructor' })).toBe(false);
    expect(isProductEvent({ evento: '__proto__' })).toBe(false);
  });
});

describe('productHandlers', () => {
  it('gives one function for each of the seven kinds', () => {
    const fn = () => undefined;
    const handlers = productHandlers(fn);
    expect(Object.keys(handlers)).toEqual([...TIPOS_EVENTO_PRODUTO]);
    for (const kind of TIPOS_EVENTO_PRODUTO) expect(handlers[kind]).toBe(fn);
  });

  it('runs the one handler for every single product notice and every lote item, and for nothing else', async () => {
    const seen: Array<[string, string, string]> = [];
    const { handler } = testHandler({ on: productHandlers((e) => void seen.push([e.id, e.evento, e.dados.produto.sku])) });
    for (const kind of TIPOS_EVENTO_PRODUTO) {
      const res = await handler.fetch(buildWebhookRequest(buildWebhookEvent(kind, { id: `evt_${kind}` })));
      expect(res.status).toBe(200);
    }
    await handler.fetch(buildWebhookRequest(buildWebhookEvent('pedido.criado')));
    const lote = buildWebhookEvent('produto.lote', {
      id: 'evt_lote',
      dados: {
        total: 3,
        itens: [
          { evento: 'produto.desativado', produto: produto({ sku: 'SKU-A', ativo: false }) },
          { evento: 'produto.nome_alterado', produto: produto({ sku: 'SKU-B' }), anterior: { titulo: 'Antigo' } },
          { evento: 'produto.criado', produto: produto({ sku: 'SKU-C' }) },
        ],
      },
    });
    expect((await handler.fetch(buildWebhookRequest(lote))).status).toBe(200);
    expect(seen).toEqual([
      ...TIPOS_EVENTO_PRODUTO.map((kind) => [`evt_${kind}`, kind, 'SKU-0001']),
      ['evt_lote:0', 'produto.desativado', 'SKU-A'],
      ['evt_lote:1', 'produto.nome_alterado', 'SKU-B'],
      ['evt_lote:2', 'produto.criado', 'SKU-C'],
    ]);
  });

  it('combines with other handlers by spreading, and a later key replaces the shared one', async () => {
    const seen: string[] = [];
    const { handler } = testHandler({
      on: { ...productHandlers(() => void seen.push('shared')), 'produto.criado': () => void seen.push('own'), 'pedido.criado': () => void seen.push('pedido') },
    });
    for (const kind of ['produto.criado', 'produto.reativado', 'pedido.criado'] as const) await handler.fetch(buildWebhookRequest(buildWebhookEvent(kind)));
    expect(seen).toEqual(['own', 'shared', 'pedido']);
  });

  it('refuses a handler that is not a function, before any delivery', () => {
    expect(() => productHandlers(undefined as unknown as (e: EventoProduto) => void)).toThrow(/fn: must be a function/);
  });

  it('hands lote items the same shape as single notices (expandBatch)', () => {
    const lote = parseWebhook(buildWebhookEvent('produto.lote'));
    const itens = expandBatch(lote).filter(isProductEvent);
    expect(itens.map((e) => e.dados.produto.sku)).toEqual(['SKU-0001', 'SKU-0001']);
  });
});

describe('compareProducts', () => {
  const at = (atualizadoEm: string, extra: Record<string, unknown> = {}) => produto({ atualizadoEm, ...extra });

  it('says a later atualizadoEm is newer and an earlier one older', () => {
    expect(compareProducts(at('2024-05-10T12:00:01-03:00'), at('2024-05-10T12:00:00-03:00'))).toBe('mais-recente');
    expect(compareProducts(at('2024-05-10T12:00:00-03:00'), at('2024-05-10T12:00:01-03:00'))).toBe('mais-antigo');
  });

  it('compares instants, not text: offsets and fractions are read', () => {
    expect(compareProducts(at('2024-05-10T15:00:00Z'), at('2024-05-10T12:00:00-03:00'))).toBe('igual');
    expect(compareProducts(at('2024-05-10T14:59:59Z'), at('2024-05-10T12:00:00-03:00'))).toBe('mais-antigo');
    expect(compareProducts(at('2024-05-10T12:00:00.5-03:00'), at('2024-05-10T12:00:00.499-03:00'))).toBe('mais-recente');
    // Beyond milliseconds too (Date.parse alone would call these equal).
    expect(compareProducts(at('2024-05-10T12:00:00.1234-03:00'), at('2024-05-10T12:00:00.1233-03:00'))).toBe('mais-recente');
    expect(compareProducts(at('2024-05-10T12:00:00.1230-03:00'), at('2024-05-10T12:00:00.123-03:00'))).toBe('igual');
  });

  it('calls an equal timestamp with the same state "igual" (a no-op), parsed or wire alike', () => {
    const wire = at('2024-05-10T12:00:00-03:00');
    const parsed = parseWebhook(buildWebhookEvent('produto.criado', { dados: { produto: wire } }));
    if (parsed.evento !== 'produto.criado') throw new Error('expected produto.criado');
    expect(compareProducts(parsed.dados.produto, wire)).toBe('igual');
    // Key order is not state.
    const reordered = Object.fromEntries(Object.entries(wire).reverse()) as typeof wire;
    expect(compareProducts(reordered, wire)).toBe('igual');
    expect(shouldApply('igual')).toBe(false);
  });

  it('calls an equal timestamp with a different state "empate", which is applied, not dropped', () => {
    const a = at('2024-05-10T12:00:00-03:00', { titulo: 'Novo título' });
    const b = at('2024-05-10T12:00:00-03:00');
    expect(compareProducts(a, b)).toBe('empate');
    expect(compareProducts(b, a)).toBe('empate');
    const stock = at('2024-05-10T12:00:00-03:00', { numeracoes: [{ numeracao: '34', skuVariacao: 'SKU-0001-34', estoque: 3 }] });
    expect(compareProducts(stock, b)).toBe('empate');
    expect(shouldApply('empate')).toBe(true);
  });

  it('calls anything received when nothing is stored "novo"', () => {
    expect(compareProducts(at('2024-05-10T12:00:00-03:00'), undefined)).toBe('novo');
    expect(shouldApply('novo')).toBe(true);
    expect(shouldApply('mais-recente')).toBe(true);
    expect(shouldApply('mais-antigo')).toBe(false);
  });

  it('cannot order a received state without a readable atualizadoEm (same state igual, another empate); a stored one without it is older', () => {
    const { atualizadoEm: _, ...sem } = at('2024-05-10T12:00:00-03:00');
    expect(compareProducts(sem, sem)).toBe('igual');
    expect(compareProducts({ ...sem, titulo: 'x' }, at('2024-05-10T12:00:00-03:00'))).toBe('empate');
    expect(compareProducts({ ...sem, atualizadoEm: 'ontem' }, at('2024-05-10T12:00:00-03:00'))).toBe('igual');
    expect(compareProducts(at('2024-05-10T12:00:00-03:00'), at('ontem'))).toBe('mais-recente');
  });

  it('never moves a store backwards over any delivery order (apply when shouldApply)', () => {
    const versions = [0, 1, 2, 3, 4].map((s) => at(`2024-05-10T12:00:0${s}-03:00`, { titulo: `v${s}` }));
    const orders = [
      [4, 3, 2, 1, 0],
      [0, 4, 1, 3, 2],
      [2, 2, 0, 4, 4, 1],
    ];
    for (const order of orders) {
      let stored: (typeof versions)[number] | undefined;
      for (const i of order) if (shouldApply(compareProducts(versions[i]!, stored))) stored = versions[i];
      expect(stored?.titulo).toBe('v4');
    }
  });
});
