import { describe, expectTypeOf, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';

declare const client: PartnerCommerce;

// A schema written against the Standard Schema v1 interface alone (standardschema.dev), as valibot,
// arktype or a hand-made validator give: no zod anywhere, so `request` must not ask for zod's types.
interface Saldo {
  disponivel: string;
}
declare const saldoOnly: {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'hand-made';
    readonly validate: (value: unknown) => { readonly value: Saldo; readonly issues?: undefined } | { readonly issues: readonly { readonly message: string }[] };
    readonly types?: { readonly input: unknown; readonly output: Saldo } | undefined;
  };
};

describe('request({ schema }) takes any Standard Schema', () => {
  it('type-checks a schema that only implements Standard Schema v1 and infers its output', async () => {
    const saldo = await client.request('GET', '/v1/financeiro/saldo', { schema: saldoOnly });
    expectTypeOf(saldo).toEqualTypeOf<Saldo>();
  });

  it('refuses what is not a schema', () => {
    // @ts-expect-error a plain object has no `~standard`
    client.request('GET', '/v1/conta', { schema: { parse: (v: unknown) => v } });
  });
});
