// The SDK's resources against the in-memory fake, through msw (the client keeps the global
// fetch). Account, catalog, customers, client.request, tokens and permissions, stock simulator, reset.
// Orders and ledger: resources-against-fake-pedidos.test.ts; labels and storefront: -etiquetas-loja.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, Money } from '../../src/index.js';
import { produtoSchema } from '../../src/models/produto.js';
import { READ_PERMISSIONS } from '../../src/testing/index.js';
import { clientFor, disponivel, fakeBehindMsw, kinds, rejection } from '../helpers/fake-behind-msw.js';

const TOKEN = 'svc_sbx_e2e_recursos';
const { setup } = fakeBehindMsw(TOKEN);

describe('account and catalog through msw', () => {
  it('conta.obter and conta.eu describe the token account, its integration and its read permissions, emitting nothing', async () => {
    const { client, events } = setup();
    const conta = await client.conta.obter();
    expect(conta).toMatchObject({ id: expect.stringMatching(/^cta_/), nome: expect.any(String), fichaCompleta: true });
    const eu = await client.conta.eu();
    expect(eu).toMatchObject({ integracao: { id: expect.stringMatching(/^int_/) }, conta: { id: conta.id } });
    expect(eu.permissoes).toEqual(expect.arrayContaining([...READ_PERMISSIONS]));
    expect(events).toEqual([]);
  });

  it('walking produtos.listar({ limite: 7 }) with for await yields every sku exactly once, in sku order, five pages of at most 7', async () => {
    const { client, fake } = setup();
    const skus: string[] = [];
    for await (const produto of client.produtos.listar({ limite: 7 })) skus.push(produto.sku);
    expect(skus).toEqual(Array.from({ length: 30 }, (_, i) => `SKU-${String(i + 1).padStart(4, '0')}`));
    const pages = fake.requests.filter((r) => r.path.startsWith('/v1/produtos?'));
    expect(pages).toHaveLength(5);
    expect(pages.every((r) => new URLSearchParams(r.path.split('?')[1]).get('limite') === '7')).toBe(true);
    const sizes: number[] = [];
    for await (const page of client.produtos.listar({ limite: 7 }).paginas()) sizes.push(page.dados.length);
    expect(sizes).toEqual([7, 7, 7, 7, 2]);
  });

  it('produtos.listar with atualizadoDesde keeps exactly the products changed since then, given as a Date or a -03:00 string', async () => {
    const { client } = setup();
    const todos = (await client.produtos.listar({ limite: 100 })).dados;
    const stamps = todos.map((p) => p.atualizadoEm!).sort((a, b) => Date.parse(a) - Date.parse(b));
    const desde = stamps[15]!;
    expect(desde).toMatch(/-03:00$/);
    const esperados = todos.filter((p) => Date.parse(p.atualizadoEm!) >= Date.parse(desde)).map((p) => p.sku);
    expect(esperados.length).toBeGreaterThan(0);
    expect(esperados.length).toBeLessThan(todos.length);
    const porData = (await client.produtos.listar({ limite: 100, atualizadoDesde: new Date(desde) })).dados.map((p) => p.sku);
    const porTexto = (await client.produtos.listar({ limite: 100, atualizadoDesde: desde })).dados.map((p) => p.sku);
    expect(porData).toEqual(esperados);
    expect(porTexto).toEqual(esperados);
    // Without an offset: the SDK refuses before sending; sent anyway through client.request, the fake says PARAMETRO_INVALIDO.
    await expect(client.produtos.listar({ atualizadoDesde: '2024-05-01T10:00:00' })).rejects.toBeInstanceOf(InvalidInputError);
    const erro = await rejection(client.request('GET', '/v1/produtos', { query: { atualizadoDesde: '2024-05-01T10:00:00' } }), 'PARAMETRO_INVALIDO');
    expect(erro.detalhes[0]?.campo).toBe('atualizadoDesde');
  });

  it('produtos.obter and produtos.estoque agree, prices are Money, and an unknown sku is ApiError NAO_ENCONTRADO with a requestId', async () => {
    const { client } = setup();
    const produto = await client.produtos.obter('SKU-0003');
    expect(produto.sku).toBe('SKU-0003');
    for (const preco of [produto.precoAtacado, produto.precoSugerido, produto.precoAtual]) expect(preco).toBeInstanceOf(Money);
    expect(produto.precoAtacado.toString()).toMatch(/^\d+\.\d{2}$/);
    const estoque = await client.produtos.estoque('SKU-0003');
    expect(estoque).toEqual({ sku: 'SKU-0003', ativo: produto.ativo, numeracoes: produto.numeracoes, atualizadoEm: produto.atualizadoEm });
    const erro = await rejection(client.produtos.obter('SKU-9999'), 'NAO_ENCONTRADO');
    expect(erro.requestId).toMatch(/^req_/);
    expect(erro.requestId).toBe(erro.headers['x-request-id']);
    await rejection(client.produtos.estoque('SKU-9999'), 'NAO_ENCONTRADO');
  });

  it('categorias.listar and numeracoes.listar list each category and size once, covering those of every product', async () => {
    const { client } = setup();
    const produtos = [];
    for await (const p of client.produtos.listar({ limite: 100 })) produtos.push(await client.produtos.obter(p.sku));
    const categorias = [];
    for await (const c of client.categorias.listar({ limite: 3 })) categorias.push(c);
    const ids = categorias.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([...new Set(produtos.flatMap((p) => (p.categorias ?? []).map((c) => c.id)))]));
    expect(categorias.every((c) => typeof c.nome === 'string')).toBe(true);
    const numeracoes = [];
    for await (const n of client.numeracoes.listar({ limite: 4 })) numeracoes.push(n.numeracao!);
    expect(new Set(numeracoes).size).toBe(numeracoes.length);
    expect([...numeracoes].sort((a, b) => Number(a) - Number(b))).toEqual(numeracoes);
    expect(numeracoes).toEqual(expect.arrayContaining([...new Set(produtos.flatMap((p) => p.numeracoes.map((n) => n.numeracao)))]));
  });
});

describe('customers and client.request through msw', () => {
  it('a customer is created, read, listed, merge-patched and removed, with cliente.criado, cliente.atualizado (paths only) and cliente.removido', async () => {
    const { client, events } = setup();
    const criado = await client.clientes.criar({ nome: 'Ana', whatsapp: '+5511999990000', endereco: { cep: '01001-000', rua: 'Praça da Sé' } });
    expect(criado).toMatchObject({ id: expect.stringMatching(/^cli_/), nome: 'Ana', whatsapp: '+5511999990000', endereco: { cep: '01001-000', rua: 'Praça da Sé' } });
    expect(await client.clientes.obter(criado.id)).toEqual(criado);
    expect((await client.clientes.listar()).dados.map((c) => c.id)).toEqual([criado.id]);
    const atualizado = await client.clientes.atualizar(criado.id, { endereco: { cep: '20040-002' } });
    expect(atualizado.endereco).toEqual({ cep: '20040-002', rua: 'Praça da Sé' });
    await client.clientes.atualizar(criado.id, { nome: 'Ana' }); // nothing changes: no event
    await client.clientes.remover(criado.id);
    await rejection(client.clientes.obter(criado.id), 'NAO_ENCONTRADO');
    await rejection(client.clientes.remover(criado.id), 'NAO_ENCONTRADO');
    expect(kinds(events)).toEqual(['cliente.criado', 'cliente.atualizado', 'cliente.removido']);
    const [, alteracao] = events;
    if (alteracao?.evento !== 'cliente.atualizado') throw new Error('expected cliente.atualizado second');
    expect(alteracao.dados.alterados).toEqual(['endereco.cep']);
    expect(alteracao.dados.cliente).toEqual({ id: criado.id, nome: 'Ana', criadoEm: criado.criadoEm, atualizadoEm: atualizado.atualizadoEm });
    const semNome = await rejection(client.clientes.criar({ whatsapp: '+55' }), 'VALIDACAO');
    expect(semNome.detalhes.map((d) => d.campo)).toEqual(['nome']);
  });

  it('client.request goes through the same pipeline: raw JSON without a schema, parsed with one, ApiError on an unknown route', async () => {
    const { client, events } = setup();
    expect(await client.request('GET', '/v1/conta')).toMatchObject({ fichaCompleta: true });
    const produto = await client.request('GET', '/v1/produtos/SKU-0001', { schema: produtoSchema() });
    expect(produto.precoAtacado).toBeInstanceOf(Money);
    expect(await client.request('GET', '/v1/produtos', { query: { limite: 2 } })).toMatchObject({ dados: [{ sku: 'SKU-0001' }, { sku: 'SKU-0002' }], paginacao: { temMais: true } });
    const criado = await client.request('POST', '/v1/clientes', { body: { nome: 'Pelo request' } }).withMeta();
    expect(criado.meta.status).toBe(201);
    const id = (criado.data as { id: string }).id;
    expect((await client.clientes.obter(id)).nome).toBe('Pelo request');
    expect(kinds(events)).toEqual(['cliente.criado']);
    await rejection(client.request('GET', '/v1/nao-existe'), 'ROTA_NAO_ENCONTRADA');
  });
});

describe('tokens and permissions through msw', () => {
  it('a production token gets ApiError TOKEN_DE_OUTRO_AMBIENTE from the fake on a normal route, and sandbox calls are refused before sending', async () => {
    const { fake } = setup();
    const prod = clientFor('svc_prod_e2e');
    await rejection(prod.conta.obter(), 'TOKEN_DE_OUTRO_AMBIENTE');
    await expect(prod.sandbox.conta.resetar()).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/conta']);
  });

  it('an integration lacking a permission gets ESCOPO_INSUFICIENTE naming it, and no webhook of the area it cannot read', async () => {
    const token = 'svc_sbx_e2e_restrito';
    const { client, events } = setup({ accounts: { [token]: { permissions: ['produtos:ler', 'clientes:ler'] } }, writePermissions: { lojaHub: 'loja:escrever' } }, token);
    expect((await rejection(client.pedidos.listar(), 'ESCOPO_INSUFICIENTE')).escopoNecessario).toBe('pedidos:ler');
    expect((await rejection(client.financeiro.saldo(), 'ESCOPO_INSUFICIENTE')).escopoNecessario).toBe('financeiro:ler');
    expect((await rejection(client.etiquetas.conexao(), 'ESCOPO_INSUFICIENTE')).escopoNecessario).toBe('etiquetas:ler');
    expect((await rejection(client.lojaHub.atualizar({ whatsapp: '+55' }), 'ESCOPO_INSUFICIENTE')).escopoNecessario).toBe('loja:escrever');
    const item = await disponivel(client, 1);
    // Writes of orders need no permission by default: created, but pedido.criado is not for this integration.
    const pedido = await client.pedidos.criar({ cliente: { nome: 'Bia' }, itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    expect(pedido.status).toBe('AGUARDANDO_PAGAMENTO');
    expect(kinds(events)).toEqual(['cliente.criado']);
  });
});

describe('stock simulator and account reset through msw', () => {
  it('definirEstoque changes produtos.estoque at once; produto.estoque_atualizado waits, merges both sizes into one notice and comes on flush', async () => {
    const { client, events, fake } = setup();
    const produto = await client.produtos.obter('SKU-0001');
    const [a, b] = produto.numeracoes;
    if (!a || !b) throw new Error('SKU-0001 needs two sizes');
    const antes = new Date(Date.now() - 60_000);
    const resposta = await client.sandbox.produtos.definirEstoque('SKU-0001', { numeracao: a.numeracao, estoque: a.estoque + 5 });
    expect(resposta.numeracoes.find((n) => n.numeracao === a.numeracao)?.estoque).toBe(a.estoque + 5);
    await client.sandbox.produtos.definirEstoque('SKU-0001', { numeracao: b.numeracao, estoque: 0 });
    const estoque = await client.produtos.estoque('SKU-0001');
    expect(estoque.numeracoes.map((n) => n.estoque)).toEqual(produto.numeracoes.map((n) => (n === a ? a.estoque + 5 : n === b ? 0 : n.estoque)));
    expect((await client.produtos.listar({ atualizadoDesde: antes })).dados.map((p) => p.sku)).toEqual(['SKU-0001']);
    expect(events).toEqual([]);
    await fake.flushWebhooks();
    expect(kinds(events)).toEqual(['produto.estoque_atualizado']);
    const [aviso] = events;
    if (aviso?.evento !== 'produto.estoque_atualizado') throw new Error('expected the stock notice');
    expect(aviso.dados.produto.numeracoes).toEqual(estoque.numeracoes);
    // Writing the current value notifies nothing.
    await client.sandbox.produtos.definirEstoque('SKU-0001', { numeracao: b.numeracao, estoque: 0 });
    await fake.flushWebhooks();
    expect(events).toHaveLength(1);
    await rejection(client.sandbox.produtos.definirEstoque('SKU-9999', { numeracao: a.numeracao, estoque: 1 }), 'NAO_ENCONTRADO');
    expect((await rejection(client.sandbox.produtos.definirEstoque('SKU-0001', { numeracao: '99', estoque: 1 }), 'VALIDACAO')).detalhes[0]?.campo).toBe('numeracao');
    const enviados = fake.requests.length;
    await expect(client.sandbox.produtos.definirEstoque('SKU-0001', { numeracao: a.numeracao, estoque: -1 })).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake.requests).toHaveLength(enviados);
  });

  it('sandbox.conta.resetar empties orders, customers and the ledger, emits nothing, and never reuses an order number', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 2);
    const cliente = await client.clientes.criar({ nome: 'Caio' });
    const pedido = await client.pedidos.criar({ clienteId: cliente.id, itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    await client.sandbox.financeiro.criarLancamento({ valor: '10.00', descricao: 'Antes do reset' });
    const antes = events.length;
    await expect(client.sandbox.conta.resetar().withMeta()).resolves.toMatchObject({ data: undefined, meta: { status: 204 } });
    expect(events).toHaveLength(antes);
    expect((await client.pedidos.listar()).dados).toEqual([]);
    expect((await client.clientes.listar()).dados).toEqual([]);
    expect((await client.financeiro.extrato()).dados).toEqual([]);
    expect(String((await client.financeiro.saldo()).saldo)).toBe('0.00');
    await rejection(client.pedidos.obter(pedido.id), 'NAO_ENCONTRADO');
    const outro = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    expect(outro.numero).toBe(pedido.numero + 1);
  });
});
