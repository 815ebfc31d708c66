import type { RouteContext } from './context.js';
import { FakeApiError, validacao } from './fake-error.js';
import { uploadFormat, type UploadFormat } from './file-type.js';
import { forbiddenPdfContent } from './pdf-content.js';

/** A file received in a multipart upload, with its type read from the content. */
export interface Upload {
  /** Other text fields of the form (e.g. `tipo`). */
  fields: Record<string, string>;
  nomeArquivo: string;
  /** `application/pdf`, `image/jpeg` or `image/png`, from the first bytes. */
  tipoArquivo: UploadFormat;
  tamanhoBytes: number;
}

/**
 * Reads a `multipart/form-data` upload with the file in field `arquivo` and checks it as the spec
 * says the server does: the format from the content (PDF, JPEG or PNG; never the declared type), and
 * a PDF holding script, an embedded file, a form or a password refused. Both refusals are 400 VALIDACAO.
 */
export async function readUpload(context: Pick<RouteContext, 'headers' | 'bodyBytes'>): Promise<Upload> {
  const contentType = context.headers.get('content-type') ?? '';
  let form: FormData;
  try {
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new TypeError('not multipart');
    form = await new Response(context.bodyBytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new FakeApiError(400, 'REQUISICAO_INVALIDA', 'Envie o arquivo como multipart/form-data, no campo arquivo.');
  }
  const file = form.get('arquivo');
  if (file === null || typeof file === 'string') throw validacao([{ campo: 'arquivo', mensagem: 'envie o arquivo no campo arquivo' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const tipoArquivo = uploadFormat(bytes);
  if (tipoArquivo === undefined) throw validacao([{ campo: 'arquivo', mensagem: 'formato não aceito: envie PDF, JPEG ou PNG (o tipo é lido do conteúdo)' }]);
  const proibido = tipoArquivo === 'application/pdf' ? await forbiddenPdfContent(bytes) : undefined;
  if (proibido !== undefined) throw validacao([{ campo: 'arquivo', mensagem: `PDF recusado: contém ${proibido}` }]);
  const fields: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return { fields, nomeArquivo: file.name || 'arquivo', tipoArquivo, tamanhoBytes: bytes.length };
}
