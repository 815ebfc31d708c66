import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { uploadFormat } from '../../src/testing/core/file-type.js';
import { forbiddenPdfContent } from '../../src/testing/core/pdf-content.js';
import { inflatedPdfStreams } from '../../src/testing/core/pdf-streams.js';
import { createFakeApi } from '../../src/testing/index.js';
import { call, umPedido, upload } from './helpers.js';

// Expectations from the spec, "Endpoints" > "File upload rule": the format is checked from the content,
// not the declared Content-Type; a PDF containing script, an embedded file, a form or a password is
// refused with 400 VALIDACAO. The PDFs below are written by hand from ISO 32000-1, not by the kit.

const bytes = (text: string): Uint8Array => new Uint8Array([...text].map((c) => c.charCodeAt(0)));
const pdf = (body: string): Uint8Array => bytes(`%PDF-1.7\n${body}\n%%EOF\n`);

// An object stream (ISO 32000-1, 7.5.7) compressed with FlateDecode: the objects inside are not in the raw bytes.
const objectStream = (objects: string): Uint8Array => {
  const packed = deflateSync(Buffer.from(objects, 'latin1'));
  const head = bytes(`%PDF-1.7\n7 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`);
  const tail = bytes('\nendstream\nendobj\n%%EOF\n');
  return new Uint8Array([...head, ...packed, ...tail]);
};

const CLEAN = pdf('1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R /Size 3 >>');
const FORBIDDEN: ReadonlyArray<readonly [string, Uint8Array]> = [
  ['script in an open action', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj')],
  ['script only as /JS', pdf('1 0 obj << /Type /Action /JS 7 0 R >> endobj')],
  ['a name written with #xx escapes', pdf('1 0 obj << /S /Java#53cript >> endobj')],
  ['an embedded file name tree', pdf('1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 4 0 R >> >> endobj')],
  ['an embedded file stream', pdf('4 0 obj << /Type /EmbeddedFile /Length 0 >> stream\n\nendstream endobj')],
  ['an embedded file reached only by a file specification', pdf('5 0 obj << /Type /Filespec /F (a.txt) /EF << /F 6 0 R >> >> endobj')],
  ['an interactive form', pdf('1 0 obj << /Type /Catalog /AcroForm << /Fields [] >> >> endobj')],
  ['an XML form', pdf('1 0 obj << /XFA 8 0 R >> endobj')],
  ['a password', pdf('trailer << /Root 1 0 R /Encrypt 9 0 R >>')],
  ['script inside a compressed object stream', objectStream('1 0 << /S /JavaScript /JS (app.alert(1)) >>')],
  ['a form inside a compressed object stream', objectStream('1 0 << /Type /Catalog /AcroForm 3 0 R >>')],
];

describe("the kit's own upload checks", () => {
  it('reads PDF, JPEG and PNG from their first bytes, and nothing else', () => {
    expect(uploadFormat(CLEAN)).toBe('application/pdf');
    expect(uploadFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(uploadFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    for (const other of [bytes('GIF89a'), bytes('hello'), bytes('%PDF'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]), new Uint8Array([0xff, 0xd8]), new Uint8Array()]) {
      expect(uploadFormat(other)).toBeUndefined();
    }
  });

  it('finds each forbidden content the spec names', async () => {
    for (const [what, file] of FORBIDDEN) expect(await forbiddenPdfContent(file), what).toEqual(expect.any(String));
  });

  it('passes a plain PDF, a clean compressed object stream, and a name that only begins like a forbidden one', async () => {
    expect(await forbiddenPdfContent(CLEAN)).toBeUndefined();
    expect(await forbiddenPdfContent(objectStream('1 0 << /Type /Catalog /Pages 2 0 R >>'))).toBeUndefined();
    expect(await forbiddenPdfContent(pdf('1 0 obj << /Type /Metadata /Subtype /JSON /EFX 1 /Encrypted false >> endobj'))).toBeUndefined();
  });

  it('inflates no more than its budget, so a small upload cannot unfold without bound', async () => {
    const bomb = objectStream(`${' '.repeat(4 * 1024 * 1024)}/JavaScript`);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await inflatedPdfStreams(bomb, 1024 * 1024)).toEqual([expect.any(String)]);
    expect((await inflatedPdfStreams(bomb, 1024 * 1024))[0]).toHaveLength(1024 * 1024);
  });
});

describe('the fake refuses uploads as the spec says', () => {
  it('answers 400 VALIDACAO on arquivo for each forbidden PDF, whatever the declared type, and keeps none', async () => {
    const fake = createFakeApi();
    const pedido = await umPedido(fake);
    for (const [what, file] of FORBIDDEN) {
      const answer = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(file, 'c.png', {}, 'image/png') });
      expect(answer.status, what).toBe(400);
      expect(answer.json.erro, what).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo: 'arquivo' })] });
    }
    expect((await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json.anexos).toEqual([]);
  });

  it('names the type by the content, not by the declared one', async () => {
    const fake = createFakeApi();
    const pedido = await umPedido(fake);
    const answer = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(CLEAN, 'foto.jpg', {}, 'image/jpeg') });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ tipoArquivo: 'application/pdf', tamanhoBytes: CLEAN.length });
  });
});
