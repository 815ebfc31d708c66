import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { findForbiddenPdfContent } from './pdf-scan.js';
import { EXTENSION, sniffFileType } from './file-type.js';
import { readUpload, type ArquivoInput } from './read-file.js';

/** @internal How one kind of upload is sent. */
export interface UploadKind {
  /** Refuse content that is not a PDF, JPEG or PNG (payment proofs). Otherwise unknown content goes as it is. */
  onlyKnownTypes: boolean;
  /** Base of the default file name (`comprovante` gives `comprovante.pdf`). */
  defaultName: string;
  /** Text fields sent before the file, e.g. `{ tipo: 'COMPROVANTE' }`. */
  fields: Readonly<Record<string, string>>;
}

/**
 * @internal Reads an upload, decides its type from the content (as the server does) and builds the
 * multipart body: the text fields, then the file in field `arquivo`. A PDF with script, an embedded
 * file, a form or encryption is refused before sending, naming `arquivo`.
 */
export async function uploadForm(arquivo: ArquivoInput, nomeArquivo: string | undefined, kind: UploadKind): Promise<FormData> {
  if (nomeArquivo !== undefined && (typeof nomeArquivo !== 'string' || nomeArquivo === '')) {
    throw new InvalidInputError({ path: 'nomeArquivo', message: 'must be a non-empty string' });
  }
  const { bytes, name } = await readUpload(arquivo);
  const type = sniffFileType(bytes);
  if (type === undefined && kind.onlyKnownTypes) {
    throw new InvalidInputError({ path: 'arquivo', message: 'must be a PDF, JPEG or PNG file (the type is read from the content, not from the name or a declared type)' });
  }
  if (type === 'application/pdf') {
    const found = findForbiddenPdfContent(bytes);
    if (found !== undefined) {
      throw new InvalidInputError({ path: 'arquivo', message: `PDF holds ${found}; the API refuses PDFs with script, embedded files, forms or a password` });
    }
  }
  const form = new FormData();
  for (const [field, value] of Object.entries(kind.fields)) form.append(field, value);
  const declared = typeof Blob !== 'undefined' && arquivo instanceof Blob ? arquivo.type : '';
  const blob = new Blob([new Uint8Array(bytes)], { type: type ?? (declared || 'application/octet-stream') });
  form.append('arquivo', blob, nomeArquivo ?? name ?? `${kind.defaultName}${type ? `.${EXTENSION[type]}` : ''}`);
  return form;
}
