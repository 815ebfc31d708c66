import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse } from '../../src/errors/from-response.js';
import { errorBody } from '../../src/mcp/error-body.js';

// The `fix` a model reads for each error code of the spec ("Errors > Codes"), judged against the spec's
// own words: the field a code carries (itens, pedido, escopoNecessario), the place it says to look
// (detalhes, publicacao, fichaCompleta, the message's minimum, Retry-After), and a fix of its own for
// every code, not the generic one. The codes and their HTTP statuses are copied from the spec's table.
const SPEC_CODES: Record<string, number> = {
  TOKEN_INVALIDO: 401,
  TOKEN_EXPIRADO: 401,
  TOKEN_DE_OUTRO_AMBIENTE: 401,
  CONTA_DESATIVADA: 401,
  TERMS_PENDING: 403,
  TERMOS_API_PENDENTES: 403,
  INTEGRACAO_SUSPENSA: 403,
  LOJA_HUB_NAO_LIBERADA: 403,
  API_NAO_LIBERADA: 403,
  ESCOPO_INSUFICIENTE: 403,
  ACESSO_NEGADO: 403,
  HUB_NOT_READY: 400,
  ROTA_NAO_ENCONTRADA: 404,
  NAO_ENCONTRADO: 404,
  REQUISICAO_INVALIDA: 400,
  VALIDACAO: 400,
  PARAMETRO_INVALIDO: 400,
  CURSOR_INVALIDO: 400,
  CONFLITO: 409,
  NAO_PROCESSAVEL: 422,
  ITENS_INDISPONIVEIS: 422,
  PROFILE_INCOMPLETE: 400,
  LABEL_PROVIDER_NOT_CONNECTED: 400,
  SALE_VALUE_REQUIRED: 400,
  MIN_ITEMS_NOT_MET: 400,
  REFERENCIA_EXTERNA_DUPLICADA: 409,
  IDEMPOTENCY_KEY_OBRIGATORIA: 400,
  IDEMPOTENCY_KEY_INVALIDA: 400,
  IDEMPOTENCY_KEY_REUTILIZADA: 422,
  REQUISICAO_EM_ANDAMENTO: 409,
  LIMITE_EXCEDIDO: 429,
  SERVICO_INDISPONIVEL: 503,
  ERRO_INTERNO: 500,
};

// Per code, the spec's extra field (as the error body carries it) and the words its fix must name.
const ITENS = [{ indice: 1, motivo: 'sem estoque', disponivel: 0 }];
const POINTS_AT: Record<string, { extra?: Record<string, unknown>; names: string[]; notNames?: string[] }> = {
  ITENS_INDISPONIVEIS: { extra: { itens: ITENS }, names: ['itens', 'indice', 'motivo', 'disponivel'], notNames: ['detalhes'] },
  REFERENCIA_EXTERNA_DUPLICADA: { extra: { pedido: { id: 'ped_9' } }, names: ['pedido'] },
  ESCOPO_INSUFICIENTE: { extra: { escopoNecessario: 'pedidos:ler' }, names: ['pedidos:ler'] },
  VALIDACAO: { names: ['detalhes'] },
  PARAMETRO_INVALIDO: { names: ['detalhes'] },
  HUB_NOT_READY: { names: ['publicacao', 'WhatsApp', 'address'] },
  PROFILE_INCOMPLETE: { names: ['fichaCompleta'] },
  LABEL_PROVIDER_NOT_CONNECTED: { names: ['etiquetas_conexao'] },
  MIN_ITEMS_NOT_MET: { names: ['mensagem', 'CLIENTE'] },
  LIMITE_EXCEDIDO: { names: ['retryAfterMs'] },
};

function bodyOf(codigo: string, extra: Record<string, unknown> = {}) {
  const raw = JSON.stringify({ erro: { codigo, mensagem: 'm', detalhes: [], requestId: 'req_1', ...extra } });
  const headers = new Headers(codigo === 'LIMITE_EXCEDIDO' ? { 'retry-after': '7' } : {});
  return errorBody(apiErrorFromResponse(SPEC_CODES[codigo] ?? 400, headers, raw, { method: 'POST', path: '/v1/pedidos' }));
}

describe("MCP error fix texts, against the spec's error codes", () => {
  it('ITENS_INDISPONIVEIS points at itens (indice, motivo, disponivel), which the body carries, not at detalhes', () => {
    const body = bodyOf('ITENS_INDISPONIVEIS', { itens: ITENS });
    expect(body['itens']).toEqual(ITENS);
    expect(body.fix).toMatch(/\bitens\b/);
    expect(body.fix).not.toContain('detalhes');
  });

  it.each(Object.entries(POINTS_AT))('%s: the fix names what the spec says the code carries or where to look', (codigo, { extra, names, notNames = [] }) => {
    const body = bodyOf(codigo, extra);
    for (const field of Object.keys(extra ?? {})) expect(body).toHaveProperty(field);
    for (const word of names) expect(body.fix).toContain(word);
    for (const word of notNames) expect(body.fix).not.toContain(word);
  });

  it('gives every code of the spec a fix of its own, not the fallback of its status', () => {
    // What a code the spec does not list gets (a 4xx, a 5xx): the fallbacks no spec code should need.
    const novo = (status: number) => errorBody(apiErrorFromResponse(status, new Headers(), '{"erro":{"codigo":"CODIGO_NOVO","mensagem":"m","detalhes":[]}}', { method: 'GET', path: '/v1/x' })).fix;
    const fallbacks = new Set([novo(400), novo(503)]);
    expect(fallbacks.size).toBe(2);
    const withFallback = Object.keys(SPEC_CODES).filter((codigo) => fallbacks.has(bodyOf(codigo, POINTS_AT[codigo]?.extra).fix));
    expect(withFallback).toEqual([]);
  });
});
