import { describe, expect, it } from 'vitest';
import { PartnerCommerceError } from '../../src/errors/partner-commerce-error.js';
import { Money } from '../../src/money/index.js';
import { isKnownEvent, parseWebhook, TIPOS_EVENTO, WebhookParseError, type EventoWebhook } from '../../src/webhooks/index.js';
import { DADOS, ENVELOPE, eventoBody, eventoJson, pedidoJson } from './fixtures.js';

function parseError(body: unknown): WebhookParseError {
  try {
    parseWebhook(body as string);
  } catch (err) {
    if (err instanceof WebhookParseError) return err;
    throw err;
  }
  throw new Error('expected a WebhookParseError, the body parsed');
}

const paths = (body: unknown) => parseError(body).issues.map((i) => i.path);

describe('parseWebhook', () => {
  it('lists the 19 event kinds of the spec', () => {
    expect(TIPOS_EVENTO).toHaveLength(19);
    expect(new Set(TIPOS_EVENTO)).toEqual(new Set(Object.keys(DADOS)));
  });

  it.each(TIPOS_EVENTO)('parses a %s notice with its envelope and dados', (tipo) => {
    const evento = parseWebhook(eventoBody(tipo));
    expect(evento.evento).toBe(tipo);
    expect(evento.id).toBe(ENVELOPE.id);
    expect(evento.criadoEm).toBe(ENVELOPE.criadoEm);
    expect(evento.ambiente).toBe('producao');
    expect(evento.integracao).toEqual(ENVELOPE.integracao);
    expect(isKnownEvent(evento)).toBe(true);
    // Money comes back in wire form through JSON, everything else exactly as sent.
    expect(JSON.parse(JSON.stringify(evento))).toEqual(eventoJson(tipo));
  });

  it('decodes money fields to Money and keeps timestamps as sent', () => {
    const evento = parseWebhook(eventoBody('produto.preco_atualizado'));
    if (evento.evento !== 'produto.preco_atualizado') throw new Error('wrong kind');
    expect(evento.dados.anterior.precoAtacado).toBeInstanceOf(Money);
    expect(evento.dados.anterior.precoAtacado.toString()).toBe('119.90');
    expect(evento.dados.produto.precoAtual?.equals('189.9')).toBe(true);
    expect(evento.dados.produto.atualizadoEm).toBe('2026-11-20T10:00:00-03:00');
  });

  it('gives statusAnterior of a pedido.status_alterado', () => {
    const evento = parseWebhook(eventoBody('pedido.status_alterado'));
    expect(evento.evento === 'pedido.status_alterado' && evento.dados.pedido.statusAnterior).toBe('AGUARDANDO_PAGAMENTO');
  });

  it('accepts the body as a string, a Buffer, a Uint8Array, an ArrayBuffer or a parsed object', () => {
    const text = eventoBody('pedido.criado');
    const bytes = new TextEncoder().encode(text);
    const forms: unknown[] = [text, Buffer.from(text), bytes, bytes.buffer, JSON.parse(text)];
    for (const form of forms) expect(parseWebhook(form as string).id).toBe(ENVELOPE.id);
  });

  it('does not modify a parsed object handed in', () => {
    const sent = eventoJson('pedido.criado');
    const copy = structuredClone(sent);
    parseWebhook(sent);
    expect(sent).toEqual(copy);
  });

  it('parses a kind it does not know into an unknown event that keeps evento and dados', () => {
    const dados = { qualquer: { coisa: [1, 2] }, valor: '10.00' };
    const evento = parseWebhook(eventoBody('pedido.cancelado_pelo_fornecedor', { dados }));
    expect(evento.evento).toBe('pedido.cancelado_pelo_fornecedor');
    expect(evento.dados).toEqual(dados);
    expect(isKnownEvent(evento)).toBe(false);
  });

  it('still checks the envelope of an unknown kind', () => {
    expect(paths(eventoJson('algo.novo', { id: 'x', dados: 'texto' }))).toEqual(['id', 'dados']);
  });

  it('keeps unknown fields on the envelope, in dados and in nested records', () => {
    const body = eventoJson('pedido.criado', { versaoEvento: 2, integracao: { ...ENVELOPE.integracao, escopo: 'pedidos:ler' } });
    (body.dados as Record<string, unknown>).origemNotificacao = 'painel';
    (body.dados as { pedido: Record<string, unknown> }).pedido.canal = 'site';
    const evento: EventoWebhook = parseWebhook(body);
    expect(evento.versaoEvento).toBe(2);
    expect(evento.integracao.escopo).toBe('pedidos:ler');
    expect(evento.dados.origemNotificacao).toBe('painel');
    expect(evento.evento === 'pedido.criado' && evento.dados.pedido.canal).toBe('site');
  });

  it('refuses a body that is not JSON, naming the body', () => {
    const error = parseError('{"id": "evt_1", ');
    expect(error.issues).toEqual([{ path: '', message: expect.stringContaining('is not valid JSON') }]);
    expect(error.message).toMatch(/^Invalid webhook body: \(body\): is not valid JSON/);
    expect(error).toBeInstanceOf(PartnerCommerceError);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(parseError(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])).issues[0]?.message).toBe('is not valid UTF-8 text');
  });

  it.each([
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['null', 'null'],
    ['a string', '"evt_1"'],
  ])('refuses a body that is %s', (_name, body) => {
    expect(parseError(body).issues).toEqual([{ path: '', message: expect.stringMatching(/^must be a JSON object/) }]);
  });

  it('turns an object whose fields throw when read into a WebhookParseError', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no reading');
        },
      },
    );
    expect(parseError(hostile).issues).toEqual([{ path: '', message: 'could not be read: no reading' }]);
  });

  it('refuses a value that is neither text, bytes nor an object', () => {
    expect(parseError(42).issues[0]?.message).toMatch(/must be the body as text, bytes or a parsed object/);
    expect(parseError(undefined).issues[0]?.path).toBe('');
  });

  it.each(['id', 'evento', 'criadoEm', 'ambiente', 'integracao', 'dados'])('reports a missing envelope field %s by name', (field) => {
    const body = eventoJson('pedido.criado');
    delete body[field];
    const error = parseError(body);
    expect(error.issues.map((i) => i.path)).toEqual([field]);
    expect(error.issues[0]?.message).toMatch(/is required/);
  });

  it('reports every envelope problem at once', () => {
    const body = { evento: 'pedido.criado', id: 'pedido_1', criadoEm: '2026-11-20 10:00', ambiente: 1, integracao: { id: 'int' }, dados: DADOS['pedido.criado']() };
    // The integration's name is not essential (absent or null is accepted); its id is.
    expect(paths(body)).toEqual(['id', 'criadoEm', 'ambiente']);
    expect(parseError(body).issues[0]?.message).toMatch(/evt_/);
  });

  it('reports dados that do not fit a known kind with their full paths', () => {
    const body = eventoJson('pedido.status_alterado', { dados: { pedido: pedidoJson({ total: 1299.9, numero: '10423' }) } });
    const error = parseError(body);
    expect(error.issues.map((i) => i.path)).toEqual(['dados.pedido.numero', 'dados.pedido.total', 'dados.pedido.statusAnterior']);
    expect(error.issues[1]?.message).toBe('expected string, got number 1299.9');
  });

  it('refuses a money string without exactly two decimals', () => {
    expect(paths(eventoJson('financeiro.lancamento_criado', { dados: { lancamento: { ...DADOS['financeiro.lancamento_criado']().lancamento, valor: '5' } } }))).toEqual(['dados.lancamento.valor']);
  });

  it('requires the previous wholesale price of a produto.preco_atualizado (the suggested one may be absent)', () => {
    const dados = DADOS['produto.preco_atualizado']();
    expect(paths(eventoJson('produto.preco_atualizado', { dados: { ...dados, anterior: { precoSugerido: '1.00' } } }))).toEqual(['dados.anterior.precoAtacado']);
    expect(parseWebhook(eventoJson('produto.preco_atualizado', { dados: { ...dados, anterior: { precoAtacado: '1.00' } } })).evento).toBe('produto.preco_atualizado');
  });

  it('accepts an etiqueta.status_alterado without statusAnterior, as a cancellation may come', () => {
    const dados = DADOS['etiqueta.emitida']();
    const evento = parseWebhook(eventoJson('etiqueta.status_alterado', { dados }));
    expect(evento.evento === 'etiqueta.status_alterado' && evento.dados.etiqueta.statusAnterior).toBeUndefined();
  });

  it('keeps the message short when a body has many problems, and every issue in issues', () => {
    const itens = Array.from({ length: 30 }, () => ({ evento: 'produto.criado', produto: {} }));
    const error = parseError(eventoJson('produto.lote', { dados: { total: 30, itens } }));
    expect(error.issues.length).toBeGreaterThan(100);
    expect(error.message).toMatch(/and \d+ more$/);
    expect(error.message.split('; ')).toHaveLength(11);
  });
});
