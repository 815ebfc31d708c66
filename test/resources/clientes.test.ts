import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, type Page, type Clientes } from '../../src/index.js';
import { CLIENTE, NOVO } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

function isCliente(v: unknown): void {
  const cliente = v as Clientes.Cliente;
  expect(cliente.id).toBe('cli_1');
  expect(cliente.nome).toBe('Ana');
  expect(cliente['endereco']).toEqual(CLIENTE.endereco);
  expect(cliente['campoNovo']).toEqual(NOVO.campoNovo);
}

const novo: Clientes.ClienteCriarParams = { nome: 'Ana', whatsapp: '5511999999999', endereco: { cep: '01001000', rua: 'Praça da Sé', numero: '1' }, origemCrm: 'x' };

describe('client.clientes', () => {
  testCases(api, [
    {
      nome: 'clientes.listar',
      call: (c) => c.clientes.listar({ limite: 5, busca: 'ana' }),
      method: 'GET',
      path: '/v1/clientes',
      query: { limite: '5', busca: 'ana' },
      result: (v) => isCliente((v as Page<Clientes.Cliente>).dados[0]),
    },
    { nome: 'clientes.obter', call: (c) => c.clientes.obter('cli_1'), method: 'GET', path: '/v1/clientes/cli_1', result: isCliente },
    { nome: 'clientes.criar', call: (c) => c.clientes.criar(novo), method: 'POST', path: '/v1/clientes', body: novo, result: isCliente },
    {
      nome: 'clientes.atualizar',
      call: (c) => c.clientes.atualizar('cli 1', { whatsapp: '5511888888888' }),
      method: 'PATCH',
      path: '/v1/clientes/cli%201',
      body: { whatsapp: '5511888888888' },
      result: isCliente,
    },
    { nome: 'clientes.remover', call: (c) => c.clientes.remover('cli_1'), method: 'DELETE', path: '/v1/clientes/cli_1', result: (v) => expect(v).toBeUndefined() },
  ]);

  it('a full customer record needs only its id; summary fields may be absent', async () => {
    api.answer(() => Response.json({ id: 'cli_2', telefone: '1' }));
    const cliente = await api.client().clientes.obter('cli_2');
    expect(cliente).toEqual({ id: 'cli_2', telefone: '1' });
  });

  it('a body that is not an object is refused before sending', async () => {
    const err = await api
      .client()
      .clientes.criar('Ana' as unknown as Clientes.ClienteCriarParams)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe('body');
    expect(api.seen).toHaveLength(0);
  });
});
