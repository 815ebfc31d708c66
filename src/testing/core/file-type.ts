// Written from the spec, "Endpoints" > "File upload rule": "the file format is checked from the
// content, not from the declared Content-Type". The spec does not list the accepted formats; the kit
// reads them as PDF (payment proofs), JPEG and PNG (proofs and storefront images), as docs/testing.md
// says. Signatures are those of the formats' own standards: ISO 32000 (header `%PDF-`), JPEG (SOI
// marker FF D8 then a marker FF), PNG (its eight-byte signature). The kit's own copy, so a change
// to the SDK's pre-upload check cannot move the fake's verdict with it.

/** A format the fake accepts in an upload, as it names it in `tipoArquivo`. */
export type UploadFormat = 'application/pdf' | 'image/jpeg' | 'image/png';

const SIGNATURES: ReadonlyArray<readonly [UploadFormat, readonly number[]]> = [
  ['application/pdf', [...'%PDF-'].map((c) => c.charCodeAt(0))],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** The format of a file from its first bytes; `undefined` for anything the fake does not accept. */
export function uploadFormat(bytes: Uint8Array): UploadFormat | undefined {
  return SIGNATURES.find(([, signature]) => bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte))?.[0];
}
