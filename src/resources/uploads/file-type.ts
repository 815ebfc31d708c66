/** @internal Media types the SDK recognises from a file's first bytes. */
export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png';

const SIGNATURES: readonly (readonly [SniffedType, readonly number[]])[] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** @internal File extension used for a default file name. */
export const EXTENSION: Readonly<Record<SniffedType, string>> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * @internal The type of a file from its content, as the server decides it (never from a declared
 * Content-Type or file name): PDF, JPEG or PNG, or `undefined` for anything else.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType | undefined {
  for (const [type, signature] of SIGNATURES) {
    if (signature.every((byte, i) => bytes[i] === byte)) return type;
  }
  return undefined;
}
