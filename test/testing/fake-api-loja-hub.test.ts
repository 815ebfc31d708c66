import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { call, disponivel, PDF, PNG, upload } from './helpers.js';

describe('fake storefront basics', () => {
  it('reports in publicacao what publishing needs and refuses to publish with 400 HUB_NOT_READY until it is there', async () => {
    const fake = createFakeApi();
    const hub = (await call(fake, 'GET', '/v1/loja-hub')).json;
    expect(hub).toMatchObject({ publicada: false, publicacao: { pronta: false, pendencias: ['WHATSAPP', 'ENDERECO', 'PRODUTO_DISPONIVEL'] } });
    const refused = await call(fake, 'POST', '/v1/loja-hub/publicar');
    expect(refused.status).toBe(400);
    expect(refused.json.erro.codigo).toBe('HUB_NOT_READY');
    await call(fake, 'PATCH', '/v1/loja-hub', { body: { whatsapp: '11999990000', endereco: { cep: '01001000' } } });
    const item = await disponivel(fake);
    expect((await call(fake, 'POST', '/v1/loja-hub/produtos', { body: { sku: item.sku } })).status).toBe(201);
    const published = await call(fake, 'POST', '/v1/loja-hub/publicar');
    expect(published.json).toMatchObject({ publicada: true, whatsapp: '11999990000', publicacao: { pronta: true, pendencias: [] } });
    expect((await call(fake, 'POST', '/v1/loja-hub/despublicar')).json.publicada).toBe(false);
  });

  it('answers 403 LOJA_HUB_NAO_LIBERADA to every storefront call while it is not released, whatever the permissions', async () => {
    const fake = createFakeApi({ accounts: { svc_sbx_teste: { storefrontReleased: false } } });
    for (const [method, path] of [
      ['GET', '/v1/loja-hub'],
      ['POST', '/v1/loja-hub/publicar'],
      ['GET', '/v1/loja-hub/produtos'],
      ['GET', '/v1/loja-hub/banners'],
    ] as const) {
      const answer = await call(fake, method, path);
      expect(answer.status).toBe(403);
      expect(answer.json.erro.codigo).toBe('LOJA_HUB_NAO_LIBERADA');
    }
  });

  it('selects products, sets their own text and removes them; unknown or repeated ones are refused', async () => {
    const fake = createFakeApi();
    const item = await disponivel(fake);
    await call(fake, 'POST', '/v1/loja-hub/produtos', { body: { sku: item.sku } });
    expect((await call(fake, 'POST', '/v1/loja-hub/produtos', { body: { sku: item.sku } })).status).toBe(409);
    expect((await call(fake, 'POST', '/v1/loja-hub/produtos', { body: { sku: 'SKU-9999' } })).status).toBe(404);
    const texto = await call(fake, 'PUT', `/v1/loja-hub/produtos/${item.sku}/texto`, { body: { titulo: 'Meu título' } });
    expect(texto.json).toMatchObject({ sku: item.sku, disponivel: true, texto: { titulo: 'Meu título' } });
    expect((await call(fake, 'GET', '/v1/loja-hub/produtos')).json.dados).toEqual([texto.json]);
    expect((await call(fake, 'DELETE', `/v1/loja-hub/produtos/${item.sku}`)).status).toBe(204);
    expect((await call(fake, 'GET', '/v1/loja-hub/produtos')).json.dados).toEqual([]);
  });

  it('takes a logo and banners as JPEG or PNG, read from the content', async () => {
    const fake = createFakeApi();
    const logo = await call(fake, 'PUT', '/v1/loja-hub/logo', { body: upload(PNG, 'logo.png') });
    expect(logo.json).toMatchObject({ tipoArquivo: 'image/png', nomeArquivo: 'logo.png' });
    expect((await call(fake, 'PUT', '/v1/loja-hub/logo', { body: upload(PDF, 'logo.png', {}, 'image/png') })).json.erro.codigo).toBe('VALIDACAO');
    const banner = await call(fake, 'POST', '/v1/loja-hub/banners', { body: upload(PNG, 'b.png') });
    expect(banner.status).toBe(201);
    expect((await call(fake, 'GET', '/v1/loja-hub/banners')).json.dados).toEqual([banner.json]);
    expect((await call(fake, 'DELETE', `/v1/loja-hub/banners/${banner.json.id}`)).status).toBe(204);
    expect((await call(fake, 'DELETE', '/v1/loja-hub/logo')).status).toBe(204);
    expect((await call(fake, 'DELETE', '/v1/loja-hub/logo')).status).toBe(404);
    expect((await call(fake, 'GET', '/v1/loja-hub/estatisticas')).json).toMatchObject({ banners: 0, produtos: 0 });
  });
});
