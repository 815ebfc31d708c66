import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import * as sdk from '../../src/index.js';
import { ApiError, ConnectionError, InvalidInputError, PartnerCommerceError, TimeoutError, UnexpectedResponseError } from '../../src/index.js';
import { apiErrorFromResponse } from '../../src/errors/from-response.js';
import { testClient } from '../helpers/client.js';
import { SANDBOX_TOKEN, apiError, scriptedFetch } from '../helpers/scripted-fetch.js';

const ctx = { method: 'GET', path: '/v1/conta' };

describe('error classes', () => {
  it('each set their name and extend PartnerCommerceError', () => {
    const errors = [
      new InvalidInputError({ path: 'x', message: 'bad' }),
      new ConnectionError('down'),
      new TimeoutError(10),
      new UnexpectedResponseError('odd', { status: 200 }),
      apiErrorFromResponse(404, new Headers(), '{}', ctx),
    ];
    expect(errors.map((e) => e.name)).toEqual(['InvalidInputError', 'ConnectionError', 'TimeoutError', 'UnexpectedResponseError', 'ApiError']);
    // Loggers and `util.inspect` print the constructor's name: it must match `name`.
    expect(errors.map((e) => e.constructor.name)).toEqual(errors.map((e) => e.name));
    for (const e of errors) {
      expect(e).toBeInstanceOf(PartnerCommerceError);
      expect(e).toBeInstanceOf(Error);
    }
    expect(new TimeoutError(10)).toBeInstanceOf(ConnectionError);
    expect(new ConnectionError('x')).not.toBeInstanceOf(TimeoutError);
    expect(new InvalidInputError({ path: '', message: 'x' })).not.toBeInstanceOf(ApiError);
  });

  it('are recognised across two copies of the SDK (as with the ESM and CJS builds)', async () => {
    vi.resetModules();
    const other = await import('../../src/index.js');
    expect(other.ApiError).not.toBe(sdk.ApiError);
    const foreign = apiErrorFromResponse(400, new Headers(), '{"erro":{"codigo":"VALIDACAO"}}', ctx);
    expect(foreign).toBeInstanceOf(other.ApiError);
    expect(foreign).toBeInstanceOf(other.PartnerCommerceError);
    expect(new other.TimeoutError(1)).toBeInstanceOf(sdk.ConnectionError);
    expect(new other.ConnectionError('x')).not.toBeInstanceOf(sdk.TimeoutError);
    expect(new Error('x')).not.toBeInstanceOf(ApiError);
    expect({}).not.toBeInstanceOf(PartnerCommerceError);
  });
});

describe('ApiError built from an answer', () => {
  it('carries every field of the error body and the response headers', () => {
    const body = { erro: { codigo: 'VALIDACAO', mensagem: 'campo inválido', detalhes: [{ campo: 'nome', problema: 'vazio' }], requestId: 'req_1', doc: 'https://d/erros#VALIDACAO', novo: 1 } };
    const e = apiErrorFromResponse(400, new Headers({ 'x-request-id': 'req_1', 'retry-after': '2' }), JSON.stringify(body), { ...ctx, idempotencyKey: 'k' });
    expect(e).toMatchObject({ status: 400, codigo: 'VALIDACAO', mensagem: 'campo inválido', requestId: 'req_1', doc: 'https://d/erros#VALIDACAO', retryAfterMs: 2000, idempotencyKey: 'k' });
    expect(e.detalhes).toEqual([{ campo: 'nome', problema: 'vazio' }]);
    expect(e.headers['x-request-id']).toBe('req_1');
    expect(e.body?.['novo']).toBe(1);
    expect(e.message).toContain('VALIDACAO');
  });

  it('gives each code its extra fields', () => {
    const itens = [{ indice: 1, motivo: 'SEM_ESTOQUE', disponivel: 0 }];
    const a = apiErrorFromResponse(422, new Headers(), JSON.stringify({ erro: { codigo: 'ITENS_INDISPONIVEIS', itens } }), ctx);
    const b = apiErrorFromResponse(409, new Headers(), JSON.stringify({ erro: { codigo: 'REFERENCIA_EXTERNA_DUPLICADA', pedido: { id: 'p1', numero: 7 } } }), ctx);
    const c = apiErrorFromResponse(403, new Headers(), JSON.stringify({ erro: { codigo: 'ESCOPO_INSUFICIENTE', escopoNecessario: 'pedidos:ler' } }), ctx);
    expect(a.codigo === 'ITENS_INDISPONIVEIS' && a.itens).toEqual(itens);
    expect(b.codigo === 'REFERENCIA_EXTERNA_DUPLICADA' && b.pedido).toEqual({ id: 'p1', numero: 7 });
    expect(c.codigo === 'ESCOPO_INSUFICIENTE' && c.escopoNecessario).toBe('pedidos:ler');
  });

  it('keeps a code unknown to the SDK, still an ApiError classified by status', () => {
    const e = apiErrorFromResponse(409, new Headers(), JSON.stringify({ erro: { codigo: 'CODIGO_NOVO' } }), ctx);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.codigo).toBe('CODIGO_NOVO');
    expect(e.status).toBe(409);
  });

  it('still comes from a non-JSON body (an HTML 502 from a proxy), with a short excerpt', () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(5000)}</body></html>`;
    const e = apiErrorFromResponse(502, new Headers({ 'x-request-id': 'r' }), html, ctx);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(502);
    expect(e.mensagem).toContain('502 Bad Gateway');
    expect(e.mensagem.length).toBeLessThanOrEqual(201);
    expect(e.requestId).toBe('r');
  });
});

describe('the token', () => {
  it('never appears in message, stack, String, JSON.stringify or inspect of any error, even when the server echoes it', async () => {
    const echo = () => apiError(401, 'TOKEN_INVALIDO', { mensagem: `token ${SANDBOX_TOKEN} inválido`, detalhes: [{ valor: SANDBOX_TOKEN }] });
    const { fetch } = scriptedFetch(echo);
    const err = await testClient(fetch)
      .produtos.obter('x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const secret = SANDBOX_TOKEN.slice('svc_sbx_'.length);
    for (const text of [(err as Error).message, (err as Error).stack ?? '', String(err), JSON.stringify(err), inspect(err, { depth: 10, showHidden: true })]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the client itself', () => {
  it('never shows the token when logged, inspected or serialised', async () => {
    const { PartnerCommerce } = await import('../../src/index.js');
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: 'https://api.example.test' });
    const secret = SANDBOX_TOKEN.slice('svc_sbx_'.length);
    for (const text of [
      JSON.stringify(client),
      inspect(client, { depth: 20, showHidden: true }),
      String(client),
      JSON.stringify(client.produtos),
      inspect(client.produtos, { depth: 20, showHidden: true }),
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
