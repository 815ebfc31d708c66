/**
 * What `partner-commerce/cli` throws into a partner's code is in the one
 * family (`PartnerCommerceError`), bad input an `InvalidInputError` naming the field, and
 * `TRIGGERABLE_EVENTS` is every kind `trigger` takes. No sandbox process: the kit's fake answers.
 */
import { describe, expect, it } from 'vitest';
import { trigger, TRIGGERABLE_EVENTS } from '../../src/cli/index.js';
import { InvalidInputError, PartnerCommerce, PartnerCommerceError } from '../../src/index.js';
import { createFakeApi } from '../../src/testing/index.js';

function clientOf(fake: ReturnType<typeof createFakeApi>): PartnerCommerce {
  return new PartnerCommerce({ token: 'svc_sbx_cli_errors', baseUrl: 'https://fake.test', fetch: fake.fetch, logLevel: 'off', rateLimit: false });
}

describe('the cli entry throws one family', () => {
  it('trigger names a kind it cannot cause in an InvalidInputError (evento), before any request', async () => {
    const fake = createFakeApi({ rateLimit: false });
    // @ts-expect-error a customer notice has no simulator: the type refuses it, and so does the check at run time
    const err = await trigger(clientOf(fake), 'cliente.criado').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual(['evento']);
    expect(fake.requests).toEqual([]);
  });

  it('trigger reports a product kind against a server that is not the local sandbox as a PartnerCommerceError', async () => {
    const err = await trigger(clientOf(createFakeApi({ rateLimit: false })), 'produto.criado').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerCommerceError);
    expect((err as Error).message).toMatch(/can only be triggered against the local sandbox/);
  });

  it("TRIGGERABLE_EVENTS is every kind trigger takes: the simulators' and every product kind", () => {
    expect([...TRIGGERABLE_EVENTS].sort()).toEqual(
      [
        'pedido.criado',
        'pedido.status_alterado',
        'pedido.rastreio_adicionado',
        'pedido.comprovante_validado',
        'etiqueta.status_alterado',
        'financeiro.lancamento_criado',
        'produto.estoque_atualizado',
        'produto.preco_atualizado',
        'produto.nome_alterado',
        'produto.categorias_alteradas',
        'produto.criado',
        'produto.desativado',
        'produto.reativado',
        'produto.lote',
      ].sort(),
    );
  });
});
