import { afterEach, describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { createMcpServer } from '../../src/mcp/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { connected } from './mcp-helpers.js';

// The failures a model sees: bad input in the SDK's own words (proved against the SDK method with the
// same value), API errors with codigo and what to fix, the Idempotency-Key of a failed write, options
// refused naming each field, and the token in no byte of any answer or log line.
const TOKEN = 'svc_sbx_mcp_secret_token_9f8e7d6c5b4a';
const BASE = 'https://sandbox.example.test';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const logLines: string[] = [];
const logger = { debug: (m: string) => void logLines.push(m), info: (m: string) => void logLines.push(m), warn: (m: string) => void logLines.push(m), error: (m: string) => void logLines.push(m) };

function clientOf(fetch: typeof globalThis.fetch): PartnerCommerce {
  return new PartnerCommerce({ token: TOKEN, baseUrl: BASE, fetch, rateLimit: false, maxRetries: 0, logger, logLevel: 'debug' });
}

async function serve(fake: FakeApi | typeof globalThis.fetch, extra: { allowWrites?: boolean } = {}) {
  const client = clientOf(typeof fake === 'function' ? fake : fake.fetch);
  const c = await connected({ client, tools: 'all', ...extra });
  closers.push(c.close);
  return { ...c, client };
}

/** The SDK's own refusal of a call, to compare the tool's with. */
async function sdkRefusal(call: PromiseLike<unknown>): Promise<InvalidInputError> {
  const err: unknown = await Promise.resolve(call).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvalidInputError);
  return err as InvalidInputError;
}

describe('MCP tool errors: bad input', () => {
  it.each([
    ['limite out of range', { limite: 500 }],
    ['limite not an integer', { limite: 2.5 }],
    ['an empty cursor', { cursor: '' }],
  ])('pedidos_listar with %s gets the very issues and message the SDK gives, and sends nothing', async (_what, args) => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve(fake);
    const sdk = await sdkRefusal(c.client.pedidos.listar(args));
    const got = await c.call('pedidos_listar', args);
    expect(got.isError).toBe(true);
    expect(got.structured).toMatchObject({ codigo: 'INVALID_INPUT', mensagem: sdk.message, issues: sdk.issues });
    expect(fake.requests).toHaveLength(0);
  });

  it('produtos_obter without a sku, and an idempotencyKey with a space, are refused as the SDK refuses them', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve(fake, { allowWrites: true });
    const noSku = await sdkRefusal(c.client.produtos.obter(undefined as unknown as string));
    expect((await c.call('produtos_obter', {})).structured).toMatchObject({ codigo: 'INVALID_INPUT', issues: noSku.issues });
    const badKey = await sdkRefusal(c.client.pedidos.criar({ referenciaExterna: 'r' }, { idempotencyKey: 'has space' }));
    expect((await c.call('pedidos_criar', { body: { referenciaExterna: 'r' }, idempotencyKey: 'has space' })).structured).toMatchObject({ codigo: 'INVALID_INPUT', issues: badKey.issues });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('MCP tool errors: the API refused', () => {
  it('gives codigo, mensagem, requestId and what to fix', async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 3 });
    const got = await (await serve(fake)).call('produtos_obter', { sku: 'SKU-9999' });
    expect(got.isError).toBe(true);
    expect(got.structured).toMatchObject({ codigo: 'NAO_ENCONTRADO', requestId: expect.stringMatching(/^req_/) });
    expect(got.structured['fix']).toMatch(/check it/);
  });

  it('ESCOPO_INSUFICIENTE names the permission to grant', async () => {
    const fake = createFakeApi({ rateLimit: false, accounts: { [TOKEN]: { permissions: ['produtos:ler'] } } });
    const got = await (await serve(fake)).call('pedidos_listar');
    expect(got.structured).toMatchObject({ codigo: 'ESCOPO_INSUFICIENTE', escopoNecessario: 'pedidos:ler' });
    expect(got.structured['fix']).toContain('pedidos:ler');
  });

  it('ITENS_INDISPONIVEIS gives the items and REFERENCIA_EXTERNA_DUPLICADA the existing order, as the fix text points at', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const itens = [{ indice: 0, motivo: 'sem estoque', disponivel: 0 }];
    const pedido = { id: 'ped_1', numero: 7 };
    fake.inject('POST /v1/pedidos', [
      { status: 422, body: { erro: { codigo: 'ITENS_INDISPONIVEIS', mensagem: 'Alguns itens não podem ser vendidos agora', detalhes: [], itens } } },
      { status: 409, body: { erro: { codigo: 'REFERENCIA_EXTERNA_DUPLICADA', mensagem: 'Já existe', detalhes: [], pedido } } },
    ]);
    const c = await serve(fake, { allowWrites: true });
    expect((await c.call('pedidos_criar', { body: { referenciaExterna: 'r-itens' } })).structured).toMatchObject({ codigo: 'ITENS_INDISPONIVEIS', itens });
    expect((await c.call('pedidos_criar', { body: { referenciaExterna: 'r-dup' } })).structured).toMatchObject({ codigo: 'REFERENCIA_EXTERNA_DUPLICADA', pedido });
  });

  it('a failed write gives the Idempotency-Key it sent, to replay with', async () => {
    const fake = createFakeApi({ rateLimit: false });
    fake.inject('POST /v1/pedidos', [{ status: 503 }]);
    const got = await (await serve(fake, { allowWrites: true })).call('pedidos_criar', { body: { referenciaExterna: 'r-503' } });
    expect(got.structured).toMatchObject({ codigo: 'SERVICO_INDISPONIVEL', idempotencyKey: fake.requests.at(-1)?.headers['idempotency-key'] });
    expect(got.structured['idempotencyKey']).toEqual(expect.any(String));
  });
});

describe('MCP: the token never appears', () => {
  it('in no byte of any answer, success or failure, nor in any log line', async () => {
    logLines.length = 0;
    const fake = createFakeApi({ rateLimit: false, accounts: { [TOKEN]: { permissions: ['produtos:ler'] } } });
    // A server that echoes the request's Authorization back, in the message and the details.
    fake.inject('GET /v1/produtos/:sku', [
      { status: 400, codigo: 'VALIDACAO', body: { erro: { codigo: 'VALIDACAO', mensagem: `Bearer ${TOKEN} recusado`, detalhes: [{ campo: 'authorization', valor: TOKEN }] } } },
    ]);
    // And one that puts it in a record (a title someone pasted it into): success data is the server's text too.
    fake.inject('GET /v1/produtos/:sku', [
      { status: 200, body: { sku: 'SKU-0001', titulo: `Sandália ${TOKEN}`, precoAtacado: '10.00', numeracoes: [], ativo: true, atualizadoEm: '2026-01-01T00:00:00Z' } },
    ]);
    const c = await serve(fake, { allowWrites: true });
    const answers = [
      await c.call('produtos_obter', { sku: 'SKU-0001' }),
      await c.call('produtos_obter', { sku: 'SKU-0001' }),
      await c.call('produtos_obter', { sku: 'SKU-9999' }),
      await c.call('pedidos_listar'),
      await c.call('pedidos_listar', { limite: 0 }),
      await c.call('pedidos_criar', { body: 'not an object' }),
      await c.call('nao_existe'),
    ];
    // A network failure whose text carries the token (a proxy's error page, a debug build of fetch).
    const broken = await serve(() => Promise.reject(new TypeError(`connect ECONNREFUSED for Bearer ${TOKEN}`)));
    answers.push(await broken.call('produtos_obter', { sku: 'SKU-0001' }));
    expect(answers.map((a) => a.structured['codigo'] ?? 'ok')).toEqual([
      'VALIDACAO',
      'ok',
      'NAO_ENCONTRADO',
      'ESCOPO_INSUFICIENTE',
      'INVALID_INPUT',
      'INVALID_INPUT',
      'UNKNOWN_TOOL',
      'CONNECTION_ERROR',
    ]);
    const secret = TOKEN.slice('svc_sbx_'.length);
    for (const text of [...answers.map((a) => a.raw), ...logLines]) expect(text).not.toContain(secret);
    expect(logLines.length).toBeGreaterThan(0);
  });
});

describe('createMcpServer options', () => {
  it('refuses bad options in one error naming every bad field', () => {
    const err: unknown = (() => {
      try {
        createMcpServer({ client: {} as never, mirror: 5 as never, allowWrites: 'yes' as never, allowProductionWrites: 1 as never, priority: 'urgent' as never, name: '', nome: 'x' } as never);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path).sort()).toEqual(['allowProductionWrites', 'allowWrites', 'client', 'mirror', 'name', 'nome', 'priority']);
  });

  it('refuses a missing client', () => {
    expect(() => createMcpServer({} as never)).toThrow(/client/);
  });
});
