import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, InvalidInputError, type ArquivoInput, type Pedidos } from '../../src/index.js';
import { ANEXO, NOVO, errorAnswer } from './fixtures.js';
import { mockApi, type Seen } from './harness.js';
import { JPEG, PNG, pdf } from './pdf.js';

const api = mockApi();
let dir: string;
beforeAll(async () => {
  api.server.listen({ onUnhandledRequest: 'error' });
  dir = await mkdtemp(join(tmpdir(), 'partner-commerce-upload-'));
});
afterEach(() => api.reset());
afterAll(async () => {
  api.server.close();
  await rm(dir, { recursive: true, force: true });
});

const PDF = pdf();

async function sentFile(req: Seen): Promise<{ bytes: Uint8Array; type: string; name: string }> {
  const file = req.form?.get('arquivo');
  if (!(file instanceof File)) throw new Error('no file in field arquivo');
  return { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, name: file.name };
}

describe('pedidos.comprovantes.enviar', () => {
  it.each<[string, () => Promise<ArquivoInput>, Uint8Array, string, string]>([
    ['a Blob with a PDF', async () => new Blob([PDF]), PDF, 'application/pdf', 'comprovante.pdf'],
    ['a File with a JPEG (its name kept)', async () => new File([JPEG], 'pix.jpeg'), JPEG, 'image/jpeg', 'pix.jpeg'],
    ['a Uint8Array with a PNG', async () => PNG, PNG, 'image/png', 'comprovante.png'],
    ['a Buffer with a PDF', async () => Buffer.from(PDF), PDF, 'application/pdf', 'comprovante.pdf'],
    [
      'a file path to a PDF',
      async () => {
        const path = join(dir, 'recibo.pdf');
        await writeFile(path, PDF);
        return path;
      },
      PDF,
      'application/pdf',
      'recibo.pdf',
    ],
  ])('sends %s as multipart: tipo COMPROVANTE and the exact bytes in field arquivo', async (_, make, bytes, type, name) => {
    const anexo = await api.client().pedidos.comprovantes.enviar('ped_1', await make());
    expect(api.seen).toHaveLength(1);
    const req = api.seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/v1/pedidos/ped_1/anexos');
    expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers.get('idempotency-key')).toBeNull();
    expect(req.form?.get('tipo')).toBe('COMPROVANTE');
    expect(await sentFile(req)).toEqual({ bytes, type, name });
    expect(anexo).toEqual(ANEXO);
  });

  it('takes the type from the content, not from the type the Blob declares', async () => {
    await api.client().pedidos.comprovantes.enviar('ped_1', new Blob([PDF], { type: 'image/png' }));
    expect((await sentFile(api.seen[0]!)).type).toBe('application/pdf');
  });

  it('sends the given nomeArquivo', async () => {
    await api.client().pedidos.comprovantes.enviar('ped_1', PNG, { nomeArquivo: 'pix-0001.png' });
    expect((await sentFile(api.seen[0]!)).name).toBe('pix-0001.png');
  });

  it('gives the attachment with unknown fields kept', async () => {
    const anexo: Pedidos.Anexo = await api.client().pedidos.comprovantes.enviar('ped_1', PDF);
    expect(anexo.tamanhoBytes).toBe(ANEXO.tamanhoBytes);
    expect(anexo['campoNovo']).toEqual(NOVO.campoNovo);
  });

  it('turns an error answer into an ApiError', async () => {
    api.answer(() => errorAnswer(400, 'VALIDACAO', { detalhes: [{ campo: 'arquivo', problema: 'PDF com formulário' }] }));
    const err = await api
      .client()
      .pedidos.comprovantes.enviar('ped_1', PDF)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).detalhes[0]!.campo).toBe('arquivo');
  });

  it('is not retried after a 503, since it carries no Idempotency-Key', async () => {
    api.answer(() => errorAnswer(503, 'SERVICO_INDISPONIVEL'));
    await expect(api.client().pedidos.comprovantes.enviar('ped_1', PDF)).rejects.toMatchObject({ status: 503 });
    expect(api.seen).toHaveLength(1);
  });
});

describe('uploads refused before sending', () => {
  const refused: [string, ArquivoInput, RegExp][] = [
    ['bytes that are not PDF, JPEG or PNG', new TextEncoder().encode('GIF89a not a proof'), /PDF, JPEG or PNG/],
    ['an empty file', new Uint8Array(0), /PDF, JPEG or PNG/],
    ['a Blob declared as a PDF that holds text', new Blob(['hello'], { type: 'application/pdf' }), /PDF, JPEG or PNG/],
    ['a PDF with /JavaScript', pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '), /JavaScript/],
    ['a PDF with /JS alone', pdf('/AA << /O << /S /Launch /JS 4 0 R >> >> '), /JavaScript \(\/JS\)/],
    ['a PDF with an /EmbeddedFile', pdf('', '', ['<< /Type /EmbeddedFile /Length 0 >>']), /embedded file/],
    ['a PDF with /EmbeddedFiles', pdf('/Names << /EmbeddedFiles << /Names [] >> >> '), /embedded file/],
    // A file specification's /EF entry holds the embedded file stream itself (ISO 32000-1, 7.11.4), even with no /EmbeddedFile type named.
    ['a PDF with a file specification whose /EF holds a stream', pdf('/AF [<< /Type /Filespec /F (a.exe) /EF << /F 4 0 R >> >>] '), /embedded file \(\/EF\)/],
    ['a PDF with an /AcroForm', pdf('/AcroForm << /Fields [] >> '), /a form/],
    ['a PDF with /XFA', pdf('/NeedsRendering true /XFAForm << /XFA 4 0 R >> '), /a form/],
    ['a PDF with /Encrypt', pdf('', '/Encrypt << /Filter /Standard /V 1 >> '), /encryption/],
    ['a PDF hiding /JavaScript as /Java#53cript', pdf('/OpenAction << /S /Java#53cript >> '), /JavaScript \(\/Java#53cript\)/],
    ['a PDF hiding /JS as /#4A#53', pdf('/OpenAction << /#4A#53 (x) >> '), /JavaScript/],
  ];

  it.each(refused)('refuses %s, naming arquivo', async (_, arquivo, reason) => {
    const err = await api
      .client()
      .pedidos.comprovantes.enviar('ped_1', arquivo)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues).toHaveLength(1);
    expect((err as InvalidInputError).issues[0]).toMatchObject({ path: 'arquivo', message: expect.stringMatching(reason) });
    expect(api.seen).toHaveLength(0);
  });

  it('lets through a PDF whose names only start like a forbidden one (/JSON, /Encrypted...)', async () => {
    await api.client().pedidos.comprovantes.enviar('ped_1', pdf('/JSONData (x) /EncryptedNot true /AcroFormX 1 '));
    expect(api.seen).toHaveLength(1);
  });

  it('refuses a path that does not exist, naming arquivo', async () => {
    const err = await api
      .client()
      .pedidos.comprovantes.enviar('ped_1', join(dir, 'nao-existe.pdf'))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'arquivo', message: expect.stringContaining('ENOENT') }] });
    expect(api.seen).toHaveLength(0);
  });

  it.each<[string, unknown]>([
    ['a number', 42],
    ['null', null],
    ['an empty path', ''],
  ])('refuses %s as the file', async (_, arquivo) => {
    await expect(api.client().pedidos.comprovantes.enviar('ped_1', arquivo as ArquivoInput)).rejects.toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'arquivo' }] });
    expect(api.seen).toHaveLength(0);
  });

  it('refuses an empty nomeArquivo', async () => {
    await expect(api.client().pedidos.comprovantes.enviar('ped_1', PDF, { nomeArquivo: '' })).rejects.toMatchObject({ issues: [{ path: 'nomeArquivo' }] });
    expect(api.seen).toHaveLength(0);
  });
});

describe('storefront images', () => {
  it('lojaHub.enviarLogo sends PUT /v1/loja-hub/logo with the PNG in field arquivo and no tipo', async () => {
    const logo = await api.client().lojaHub.enviarLogo(PNG);
    const req = api.seen[0]!;
    expect(`${req.method} ${req.url.pathname}`).toBe('PUT /v1/loja-hub/logo');
    expect(req.form?.get('tipo')).toBeNull();
    expect(await sentFile(req)).toEqual({ bytes: PNG, type: 'image/png', name: 'logo.png' });
    expect(logo['campoNovo']).toEqual(NOVO.campoNovo);
  });

  it('lojaHub.banners.adicionar sends POST /v1/loja-hub/banners with the JPEG', async () => {
    await api.client().lojaHub.banners.adicionar(new Blob([JPEG]), { nomeArquivo: 'verao.jpg' });
    const req = api.seen[0]!;
    expect(`${req.method} ${req.url.pathname}`).toBe('POST /v1/loja-hub/banners');
    expect(await sentFile(req)).toEqual({ bytes: JPEG, type: 'image/jpeg', name: 'verao.jpg' });
  });

  it('sends content the SDK does not recognise as declared, for the server to judge', async () => {
    const webp = new Blob([new TextEncoder().encode('RIFF....WEBPVP8 ')], { type: 'image/webp' });
    await api.client().lojaHub.banners.adicionar(webp);
    expect((await sentFile(api.seen[0]!)).type).toBe('image/webp');
  });

  it('still refuses a PDF with script', async () => {
    await expect(api.client().lojaHub.enviarLogo(pdf('/OpenAction << /S /JavaScript >> '))).rejects.toMatchObject({ issues: [{ path: 'arquivo' }] });
    expect(api.seen).toHaveLength(0);
  });

  it('turn an error answer into an ApiError', async () => {
    api.answer(() => errorAnswer(403, 'LOJA_HUB_NAO_LIBERADA'));
    await expect(api.client().lojaHub.enviarLogo(PNG)).rejects.toMatchObject({ name: 'ApiError', codigo: 'LOJA_HUB_NAO_LIBERADA' });
  });
});

describe('the upload code', () => {
  it('imports node modules only dynamically, so it loads on runtimes without them', async () => {
    const folder = fileURLToPath(new URL('../../src/resources/uploads', import.meta.url));
    for (const name of await readdir(folder)) {
      expect(await readFile(join(folder, name), 'utf8')).not.toMatch(/^import[^;]*['"]node:/m);
    }
  });
});
