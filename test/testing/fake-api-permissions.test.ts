import { describe, expect, it } from 'vitest';
import { createFakeApi, READ_PERMISSIONS } from '../../src/testing/index.js';
import { answerProblems } from '../spec-fixtures/fixtures.js';
import { call, criarPedido, disponivel } from './helpers.js';

/** A route of each read permission the spec names. */
const READS: ReadonlyArray<[string, string]> = [
  ['pedidos:ler', '/v1/pedidos'],
  ['etiquetas:ler', '/v1/etiquetas'],
  ['etiquetas:ler', '/v1/label-provider'],
  ['financeiro:ler', '/v1/financeiro/saldo'],
  ['financeiro:ler', '/v1/financeiro/extrato'],
  ['produtos:ler', '/v1/produtos'],
  ['produtos:ler', '/v1/produtos/SKU-0001'],
  ['produtos:ler', '/v1/categorias'],
  ['clientes:ler', '/v1/clientes'],
];

describe('fake permissions', () => {
  it('grants every read permission of the spec by default and lists them in GET /v1/eu', async () => {
    const fake = createFakeApi();
    for (const [, path] of READS) expect((await call(fake, 'GET', path)).status).toBe(200);
    expect((await call(fake, 'GET', '/v1/eu')).json.permissoes).toEqual([...READ_PERMISSIONS]);
  });

  it('answers 403 ESCOPO_INSUFICIENTE with escopoNecessario, in the spec error format, when a read permission is missing', async () => {
    for (const [permission, path] of READS) {
      const fake = createFakeApi({ accounts: { svc_sbx_teste: { permissions: READ_PERMISSIONS.filter((p) => p !== permission) } } });
      const answer = await call(fake, 'GET', path);
      expect(answer.status).toBe(403);
      expect(answerProblems('erro', answer.json)).toEqual([]);
      expect(answer.json.erro).toMatchObject({ codigo: 'ESCOPO_INSUFICIENTE', escopoNecessario: permission, requestId: answer.headers.get('x-request-id') });
      expect(answer.json.erro.doc).toMatch(/\/erros#ESCOPO_INSUFICIENTE$/);
    }
  });

  it('allows writes by default, as the spec names no write permission', async () => {
    const fake = createFakeApi({ accounts: { svc_sbx_teste: { permissions: ['produtos:ler'] } } });
    expect((await call(fake, 'POST', '/v1/clientes', { body: { nome: 'Ana' } })).status).toBe(201);
    const item = await disponivel(fake);
    expect((await criarPedido(fake, { itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] })).status).toBe(201);
  });

  it('requires a configured write permission name, and grants it by default', async () => {
    const fake = createFakeApi({
      writePermissions: { pedidos: 'pedidos:escrever', clientes: 'clientes:escrever' },
      accounts: { svc_sbx_leitor: { permissions: ['clientes:ler', 'pedidos:ler'] } },
    });
    const refused = await call(fake, 'POST', '/v1/clientes', { body: { nome: 'Ana' }, token: 'svc_sbx_leitor' });
    expect(refused.status).toBe(403);
    expect(refused.json.erro).toMatchObject({ codigo: 'ESCOPO_INSUFICIENTE', escopoNecessario: 'clientes:escrever' });
    expect((await criarPedido(fake, { itens: [] }, { token: 'svc_sbx_leitor' })).json.erro.escopoNecessario).toBe('pedidos:escrever');
    expect((await call(fake, 'POST', '/v1/clientes', { body: { nome: 'Ana' } })).status).toBe(201);
    expect((await call(fake, 'GET', '/v1/eu')).json.permissoes).toEqual([...READ_PERMISSIONS, 'pedidos:escrever', 'clientes:escrever']);
  });

  it('takes account setups from a function of the token', async () => {
    const fake = createFakeApi({ accounts: (token) => (token.endsWith('_ro') ? { permissions: ['produtos:ler'] } : undefined) });
    expect((await call(fake, 'GET', '/v1/pedidos', { token: 'svc_sbx_x_ro' })).status).toBe(403);
    expect((await call(fake, 'GET', '/v1/pedidos', { token: 'svc_sbx_x' })).status).toBe(200);
  });

  it("serves catalog products of the spec's Product shape (judged by the spec fixture)", async () => {
    const fake = createFakeApi({ catalogSize: 12 });
    const page = (await call(fake, 'GET', '/v1/produtos?limite=100')).json;
    expect(page.dados).toHaveLength(12);
    for (const produto of page.dados) expect(answerProblems('produtos.obter', produto)).toEqual([]);
  });

  it('refuses invalid account, permission and webhook options with an InvalidInputError naming them', () => {
    expect(() => createFakeApi({ writePermissions: { vendas: 'x' } as never })).toThrow(/writePermissions.vendas/);
    expect(() => createFakeApi({ writePermissions: { pedidos: '' } })).toThrow(/writePermissions.pedidos/);
    expect(() => createFakeApi({ webhookUrl: 'ftp://x' })).toThrow(/webhookUrl/);
    expect(() => createFakeApi({ stockWebhookDelayMs: -1 })).toThrow(/stockWebhookDelayMs/);
    expect(() => createFakeApi({ onWebhook: 'x' as never })).toThrow(/onWebhook/);
    expect(() => createFakeApi({ baseUrl: 'not a url' })).toThrow(/baseUrl/);
    expect(() => createFakeApi({ accounts: { svc_sbx_x: { permissions: 'pedidos:ler' as never } } })).toThrow(/permissions/);
  });
});
