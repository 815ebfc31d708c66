import { describe, expectTypeOf, it } from 'vitest';
import { AbortError, ApiError, PartnerCommerceError, type ApiErrorOf, type ApiErrorOfUnknownCode, type CodigoErro, type ItemIndisponivel, type PedidoExistente } from '../../src/index.js';

describe('ApiError narrowing', () => {
  it('narrows to the extra fields of each code with switch (e.codigo)', () => {
    const e = {} as unknown;
    if (!(e instanceof ApiError)) return;
    switch (e.codigo) {
      case 'ITENS_INDISPONIVEIS':
        expectTypeOf(e.itens).toEqualTypeOf<readonly ItemIndisponivel[]>();
        expectTypeOf(e.itens[0]!.indice).toEqualTypeOf<number>();
        break;
      case 'REFERENCIA_EXTERNA_DUPLICADA':
        expectTypeOf(e.pedido).toEqualTypeOf<PedidoExistente>();
        break;
      case 'ESCOPO_INSUFICIENTE':
        expectTypeOf(e.escopoNecessario).toEqualTypeOf<string>();
        break;
      case 'VALIDACAO':
        // @ts-expect-error a code without extras has no `itens`
        e.itens.length;
        break;
      default:
        expectTypeOf(e.codigo).toMatchTypeOf<string>();
    }
  });

  it('keeps the common fields on every member, and lets codes unknown to the SDK be compared', () => {
    const e = {} as ApiError;
    expectTypeOf(e.status).toEqualTypeOf<number>();
    expectTypeOf(e.requestId).toEqualTypeOf<string | undefined>();
    expectTypeOf(e.retryAfterMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(e.idempotencyKey).toEqualTypeOf<string | undefined>();
    expectTypeOf(e.codigo === 'UM_CODIGO_FUTURO').toEqualTypeOf<boolean>();
    expectTypeOf<'TOKEN_INVALIDO'>().toMatchTypeOf<CodigoErro>();
    expectTypeOf<'QUALQUER_OUTRO'>().toMatchTypeOf<CodigoErro>();
  });

  it('narrows an aborted call to AbortError with its fields', () => {
    const e = {} as unknown;
    if (e instanceof AbortError) {
      expectTypeOf(e).toMatchTypeOf<PartnerCommerceError>();
      expectTypeOf(e.beforeSending).toEqualTypeOf<boolean>();
      expectTypeOf(e.idempotencyKey).toEqualTypeOf<string | undefined>();
      expectTypeOf(e.cause).toEqualTypeOf<unknown>();
    }
  });

  // What the SDK invents is named in English; the error body's wire fields stay as sent.
  it("names the SDK's own parts in English: ApiErrorOf, ApiErrorOfUnknownCode and body", () => {
    expectTypeOf<ApiErrorOf<'ITENS_INDISPONIVEIS'>['itens']>().toEqualTypeOf<readonly ItemIndisponivel[]>();
    expectTypeOf<ApiErrorOfUnknownCode['codigo']>().toEqualTypeOf<string>();
    const e = {} as ApiError;
    expectTypeOf<NonNullable<typeof e.body>>().toMatchTypeOf<Readonly<Record<string, unknown>>>();
    // @ts-expect-error renamed to body
    e.corpo;
  });
});
