import { describe, expect, it } from 'vitest';
import { InvalidInputError, UnexpectedResponseError } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';

// `client.request({ schema })` takes any Standard Schema v1 (https://standardschema.dev), not only zod:
// these schemas are written by hand against the interface alone, as valibot or arktype would give them.
type Result = { value: unknown; issues?: undefined } | { issues: { message: string; path?: (PropertyKey | { key: PropertyKey })[] }[] };
const standard = (validate: (value: unknown) => Result | Promise<Result>) => ({ '~standard': { version: 1 as const, vendor: 'hand-made', validate } });

/** Accepts `{ disponivel: "<decimal>" }` and gives the number in cents: the output is the schema's, not the body. */
const saldoEmCentavos = (value: unknown): Result => {
  const disponivel = (value as { disponivel?: unknown } | null)?.disponivel;
  if (typeof disponivel !== 'string' || !/^\d+\.\d{2}$/.test(disponivel)) return { issues: [{ message: 'expected a decimal string', path: [{ key: 'disponivel' }] }] };
  return { value: { centavos: Math.round(Number(disponivel) * 100) } };
};

describe('request({ schema }) with a Standard Schema that is not zod', () => {
  it('resolves to what its validate gives', async () => {
    const { fetch } = scriptedFetch(() => json(200, { disponivel: '12.34' }));
    await expect(testClient(fetch).request('GET', '/v1/financeiro/saldo', { schema: standard(saldoEmCentavos) })).resolves.toEqual({ centavos: 1234 });
  });

  it('awaits a validate that answers later (async refinements)', async () => {
    const { fetch } = scriptedFetch(() => json(200, { disponivel: '0.05' }));
    const later = standard((v) => Promise.resolve(saldoEmCentavos(v)));
    await expect(testClient(fetch).request('GET', '/v1/financeiro/saldo', { schema: later })).resolves.toEqual({ centavos: 5 });
  });

  it('a body it refuses is an UnexpectedResponseError naming the field, with the body', async () => {
    const { fetch } = scriptedFetch(() => json(200, { disponivel: 12 }, { 'x-request-id': 'req_std' }));
    const e = await testClient(fetch)
      .request('GET', '/v1/financeiro/saldo', { schema: standard(saldoEmCentavos) })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    const err = e as UnexpectedResponseError;
    expect(err.issues).toEqual([{ path: 'disponivel', message: 'expected a decimal string' }]);
    expect(err.message).toContain('disponivel: expected a decimal string');
    expect(err.requestId).toBe('req_std');
    expect(err.body).toEqual({ disponivel: 12 });
  });

  it('lenient validation returns the body as sent, with the issues in meta', async () => {
    const { fetch } = scriptedFetch(() => json(200, { disponivel: 12 }));
    const { data, meta } = await testClient(fetch, { responseValidation: 'lenient' })
      .request('GET', '/v1/financeiro/saldo', { schema: standard(saldoEmCentavos) })
      .withMeta();
    expect(data).toEqual({ disponivel: 12 });
    expect(meta.responseIssues).toEqual([{ path: 'disponivel', message: 'expected a decimal string' }]);
  });
});

describe('request({ schema }) with something that is not a schema', () => {
  it('is refused before sending, naming the option', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const e = await testClient(fetch)
      .request('GET', '/v1/conta', { schema: { parse: (v: unknown) => v } as never })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidInputError);
    expect((e as InvalidInputError).issues.map((i) => i.path)).toEqual(['schema']);
    expect(seen).toHaveLength(0);
  });
});
