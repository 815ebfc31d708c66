import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { loadBuiltin } from '../../internal/node-builtin.js';

/**
 * A file to upload: a `Blob` or `File`, its bytes (`Uint8Array`, Node `Buffer`, `ArrayBuffer`), or
 * the path of a file on disk (Node, Bun and Deno only; on edge runtimes pass a Blob or bytes).
 */
export type ArquivoInput = Blob | Uint8Array | ArrayBuffer | string;

/** @internal The bytes of an upload and the file name it carries, if any. */
export interface FileContent {
  bytes: Uint8Array;
  name: string | undefined;
}

/**
 * @internal Reads an upload into memory. A path is read with `node:fs/promises`, imported only
 * here and only then, so this module still loads where there is no file system.
 */
export async function readUpload(arquivo: ArquivoInput): Promise<FileContent> {
  if (arquivo instanceof Uint8Array) return { bytes: arquivo, name: undefined };
  if (arquivo instanceof ArrayBuffer) return { bytes: new Uint8Array(arquivo), name: undefined };
  if (typeof Blob !== 'undefined' && arquivo instanceof Blob) {
    const name = 'name' in arquivo && typeof arquivo.name === 'string' && arquivo.name !== '' ? arquivo.name : undefined;
    return { bytes: new Uint8Array(await arquivo.arrayBuffer()), name };
  }
  if (typeof arquivo === 'string' && arquivo !== '') return { bytes: await readPath(arquivo), name: baseName(arquivo) };
  throw new InvalidInputError({ path: 'arquivo', message: 'must be a Blob or File, a Uint8Array, Buffer or ArrayBuffer, or a non-empty file path' });
}

async function readPath(path: string): Promise<Uint8Array> {
  let fs: typeof import('node:fs/promises');
  try {
    fs = await loadBuiltin<typeof import('node:fs/promises')>('node:fs/promises');
  } catch (cause) {
    throw new InvalidInputError({ path: 'arquivo', message: `a file path needs a runtime with a file system (Node, Bun, Deno); pass a Blob or the bytes instead (cause: ${String(cause)})` });
  }
  try {
    return await fs.readFile(path);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new InvalidInputError({ path: 'arquivo', message: `could not read the file ${JSON.stringify(path)} (${typeof code === 'string' ? code : String(err)})` });
  }
}

function baseName(path: string): string | undefined {
  const name = path.split(/[\\/]/).pop();
  return name === '' ? undefined : name;
}
