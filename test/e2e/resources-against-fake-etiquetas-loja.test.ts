// Labels (provider connection, quote, issue with Idempotency-Key, list, cancel, label
// simulator) and the storefront, through the SDK against the in-memory fake behind msw.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, Money } from '../../src/index.js';
import type { FakeAccountOptions } from '../../src/testing/index.js';
import { disponivel, fakeBehindMsw, kinds, rejection } from '../helpers/fake-behind-msw.js';

const TOKEN = 'svc_sbx_e2e_etiquetas';
const msw = fakeBehindMsw(TOKEN);
/** A fresh fake behind msw whose one account is set up with `account`, a client on the global fetch, and its notices. */
const setup = (account: FakeAccountOptions = {}) => msw.setup({ accounts: { [TOKEN]: account } });
/** The first bytes of a PNG and of a JPEG: the upload check reads the type from them. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

describe('labels through msw', () => {
  it('an account not connected to the label provider sees conectado false and gets LABEL_PROVIDER_NOT_CONNECTED on quote and issue', async () => {
    const { client, events } = setup({ labelProviderConnected: false });
    expect(await client.etiquetas.conexao()).toEqual({ conectado: false, ambiente: 'teste' });
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ ...item, quantidade: 1 }] });
    await rejection(client.etiquetas.cotar({ pedidoId: pedido.id }), 'LABEL_PROVIDER_NOT_CONNECTED');
    await rejection(client.etiquetas.emitir({ pedidoId: pedido.id }), 'LABEL_PROVIDER_NOT_CONNECTED');
    expect((await client.etiquetas.listar()).dados).toEqual([]);
    expect(kinds(events)).toEqual(['pedido.criado']);
  });

  it('a connected account quotes, needs sale values, issues once per Idempotency-Key, lists, prints, dispatches and cancels the label, with etiqueta events', async () => {
    const { client, events, fake } = setup({ labelProviderConnected: true });
    expect(await client.etiquetas.conexao()).toEqual({ conectado: true, ambiente: 'teste' });
    const item = await disponivel(client, 2);
    const pedido = await client.pedidos.criar({ itens: [{ ...item, quantidade: 2 }] });
    const cotacao = await client.etiquetas.cotar({ pedidoId: pedido.id });
    expect(cotacao.pedido).toEqual({ id: pedido.id, numero: pedido.numero });
    const opcoes = (cotacao.opcoes ?? []) as Array<{ servico: { id: number; nome: string }; valor: Money; prazoDias: number }>;
    expect(opcoes.map((o) => o.servico.nome)).toEqual(['PAC', 'SEDEX', 'Expresso']);
    const sedex = opcoes[1]!;
    expect(sedex.valor).toBeInstanceOf(Money);
    expect(String(sedex.valor)).toBe('34.90'); // 29.90 + 2 pairs × 2.50

    const semValor = await rejection(client.etiquetas.emitir({ pedidoId: pedido.id, servicoId: 2 }), 'SALE_VALUE_REQUIRED');
    expect(semValor.detalhes[0]?.campo).toBe('itens[0].valorVenda');
    await client.pedidos.definirValorVenda(pedido.id, String(pedido.itens?.[0]?.id), '189.90');

    const body = { pedidoId: pedido.id, servicoId: 2 };
    const emitida = await client.etiquetas.emitir(body, { idempotencyKey: 'etq-e2e-1' }).withMeta();
    expect(emitida.meta).toMatchObject({ status: 201, idempotencyKey: 'etq-e2e-1', idempotentReplayed: false });
    const etiqueta = emitida.data;
    expect(etiqueta).toMatchObject({ pedido: { id: pedido.id, numero: pedido.numero }, servico: { id: 2, nome: 'SEDEX' }, status: 'GERADA', impressaEm: null, canceladaEm: null });
    expect(etiqueta.valor).toBeInstanceOf(Money);
    expect(etiqueta.valor.toString()).toBe(String(sedex.valor));
    const replay = await client.etiquetas.emitir(body, { idempotencyKey: 'etq-e2e-1' }).withMeta();
    expect(replay.meta).toMatchObject({ idempotencyKey: 'etq-e2e-1', idempotentReplayed: true });
    expect(replay.data).toEqual(etiqueta);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/etiquetas').map((r) => r.headers['idempotency-key'])).toEqual([expect.any(String), 'etq-e2e-1', 'etq-e2e-1']);
    await rejection(client.etiquetas.emitir({ ...body, servicoId: 1 }, { idempotencyKey: 'etq-e2e-1' }), 'IDEMPOTENCY_KEY_REUTILIZADA');
    expect((await client.etiquetas.listar()).dados).toEqual([etiqueta]);

    const impressa = await client.sandbox.etiquetas.alterarStatus(etiqueta.id, 'IMPRESSA');
    expect(impressa.status).toBe('IMPRESSA');
    expect(impressa.impressaEm).toMatch(/-03:00$/);
    expect((await client.sandbox.etiquetas.alterarStatus(etiqueta.id, 'DESPACHADA')).despachadaEm).toMatch(/-03:00$/);
    const cancelada = await client.etiquetas.cancelar(etiqueta.id);
    expect(cancelada).toMatchObject({ id: etiqueta.id, status: 'CANCELADA', canceladaEm: expect.stringMatching(/-03:00$/) });
    await rejection(client.etiquetas.cancelar(etiqueta.id), 'CONFLITO');
    await rejection(client.etiquetas.cancelar('etq_nao_existe'), 'NAO_ENCONTRADO');
    await rejection(client.sandbox.etiquetas.alterarStatus('etq_nao_existe', 'IMPRESSA'), 'NAO_ENCONTRADO');
    await expect(client.sandbox.etiquetas.alterarStatus(etiqueta.id, 'CANCELADA' as 'IMPRESSA')).rejects.toBeInstanceOf(InvalidInputError);
    expect((await client.etiquetas.listar()).dados.map((e) => e.status)).toEqual(['CANCELADA']);

    expect(kinds(events)).toEqual(['pedido.criado', 'etiqueta.emitida', 'etiqueta.status_alterado', 'etiqueta.status_alterado', 'etiqueta.status_alterado']);
    const transicoes = events.flatMap((e) => (e.evento === 'etiqueta.status_alterado' ? [[e.dados.etiqueta.statusAnterior, e.dados.etiqueta.status]] : []));
    expect(transicoes).toEqual([
      ['GERADA', 'IMPRESSA'],
      ['IMPRESSA', 'DESPACHADA'],
      ['DESPACHADA', 'CANCELADA'],
    ]);
    const [, emissao] = events;
    if (emissao?.evento !== 'etiqueta.emitida') throw new Error('expected etiqueta.emitida');
    expect(emissao.dados.etiqueta).toMatchObject({ id: etiqueta.id, valor: String(sedex.valor), rastreio: etiqueta.rastreio });
  });
});

describe('storefront through msw', () => {
  it('the storefront is configured, a product selected with its own text, published, counted, styled, emptied and unpublished', async () => {
    const { client, events } = setup();
    const inicial = await client.lojaHub.obter();
    expect(inicial).toMatchObject({ publicada: false, publicacao: { pronta: false, pendencias: ['WHATSAPP', 'ENDERECO', 'PRODUTO_DISPONIVEL'] } });
    const naoPronta = await rejection(client.lojaHub.publicar(), 'HUB_NOT_READY');
    expect(naoPronta.detalhes.map((d) => d.campo)).toEqual(['WHATSAPP', 'ENDERECO', 'PRODUTO_DISPONIVEL']);
    const configurada = await client.lojaHub.atualizar({ nome: 'Loja E2E', whatsapp: '+5511911112222', endereco: { cep: '01001-000' } });
    expect(configurada).toMatchObject({ nome: 'Loja E2E', whatsapp: '+5511911112222', publicacao: { pronta: false, pendencias: ['PRODUTO_DISPONIVEL'] } });

    const { sku } = await disponivel(client, 1);
    expect(await client.lojaHub.produtos.adicionar(sku)).toMatchObject({ sku, ativo: true, disponivel: true, texto: null });
    await rejection(client.lojaHub.produtos.adicionar(sku), 'CONFLITO');
    await rejection(client.lojaHub.produtos.adicionar('SKU-9999'), 'NAO_ENCONTRADO');
    await expect(client.lojaHub.produtos.adicionar('')).rejects.toBeInstanceOf(InvalidInputError);
    const texto = { titulo: 'Tênis da vitrine', descricao: 'Confortável' };
    expect(await client.lojaHub.produtos.definirTexto(sku, texto)).toMatchObject({ sku, texto });
    await rejection(client.lojaHub.produtos.definirTexto('SKU-0000', texto), 'NAO_ENCONTRADO');
    expect((await client.lojaHub.produtos.listar()).dados).toEqual([expect.objectContaining({ sku, texto })]);

    expect(await client.lojaHub.publicar()).toMatchObject({ publicada: true, publicacao: { pronta: true, pendencias: [] } });
    expect(await client.lojaHub.estatisticas({ periodo: '30d' })).toEqual({ publicada: true, produtos: 1, banners: 0, visitas: 0, pedidos: 0 });
    expect(await client.lojaHub.aparencia()).toEqual({});
    expect(await client.lojaHub.atualizarAparencia({ corPrimaria: '#112233', tema: 'claro' })).toEqual({ corPrimaria: '#112233', tema: 'claro' });
    expect(await client.lojaHub.atualizarAparencia({ tema: null })).toEqual({ corPrimaria: '#112233' });
    expect(await client.lojaHub.aparencia()).toEqual({ corPrimaria: '#112233' });

    await client.lojaHub.produtos.remover(sku);
    expect((await client.lojaHub.produtos.listar()).dados).toEqual([]);
    await rejection(client.lojaHub.produtos.remover(sku), 'NAO_ENCONTRADO');
    expect(await client.lojaHub.despublicar()).toMatchObject({ publicada: false, publicacao: { pendencias: ['PRODUTO_DISPONIVEL'] } });
    expect(events).toEqual([]);
  });

  it('without images, the logo and banner routes answer: removerLogo and banners.remover NAO_ENCONTRADO, banners.listar empty', async () => {
    const { client } = setup();
    await rejection(client.lojaHub.removerLogo(), 'NAO_ENCONTRADO');
    expect((await client.lojaHub.banners.listar()).dados).toEqual([]);
    await rejection(client.lojaHub.banners.remover('ban_nao_existe'), 'NAO_ENCONTRADO');
  });

  it('the logo (PNG) and a banner (JPEG) go up as multipart, are listed and removed; a PDF banner is VALIDACAO', async () => {
    const { client } = setup();
    const logo = await client.lojaHub.enviarLogo(PNG, { nomeArquivo: 'logo.png' });
    expect(logo).toMatchObject({ id: expect.any(String), nomeArquivo: 'logo.png', tipoArquivo: 'image/png', tamanhoBytes: PNG.length });
    await client.lojaHub.removerLogo();
    await rejection(client.lojaHub.removerLogo(), 'NAO_ENCONTRADO');
    const banner = await client.lojaHub.banners.adicionar(JPEG, { nomeArquivo: 'capa.jpg' });
    expect(banner).toMatchObject({ nomeArquivo: 'capa.jpg', tipoArquivo: 'image/jpeg', tamanhoBytes: JPEG.length });
    expect((await client.lojaHub.banners.listar()).dados).toEqual([banner]);
    expect((await client.lojaHub.estatisticas()).banners).toBe(1);
    await client.lojaHub.banners.remover(String(banner.id));
    expect((await client.lojaHub.banners.listar()).dados).toEqual([]);
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    expect((await rejection(client.lojaHub.banners.adicionar(pdf), 'VALIDACAO')).detalhes[0]?.campo).toBe('arquivo');
  });

  it('a storefront not released answers LOJA_HUB_NAO_LIBERADA on reads, writes and sub-resources alike', async () => {
    const { client } = setup({ storefrontReleased: false });
    await rejection(client.lojaHub.obter(), 'LOJA_HUB_NAO_LIBERADA');
    await rejection(client.lojaHub.atualizar({ whatsapp: '+55' }), 'LOJA_HUB_NAO_LIBERADA');
    await rejection(client.lojaHub.estatisticas(), 'LOJA_HUB_NAO_LIBERADA');
    await rejection(client.lojaHub.produtos.listar(), 'LOJA_HUB_NAO_LIBERADA');
    await rejection(client.lojaHub.banners.listar(), 'LOJA_HUB_NAO_LIBERADA');
    await rejection(client.lojaHub.despublicar(), 'LOJA_HUB_NAO_LIBERADA');
  });
});
