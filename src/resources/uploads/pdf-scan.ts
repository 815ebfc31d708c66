/**
 * PDF names that mean script, an embedded file, a form or encryption: the server refuses a PDF
 * holding any of them (400 VALIDACAO), so the SDK refuses it before uploading.
 */
const FORBIDDEN: Readonly<Record<string, string>> = {
  JavaScript: 'JavaScript',
  JS: 'JavaScript',
  EmbeddedFile: 'an embedded file',
  EmbeddedFiles: 'an embedded file',
  // The file specification's key for the embedded stream: a file can be embedded without /EmbeddedFile named.
  EF: 'an embedded file',
  AcroForm: 'a form',
  XFA: 'a form',
  Encrypt: 'encryption (a password)',
};

// A name is "/" then regular characters up to a PDF delimiter or white space (ISO 32000-1, 7.2 and 7.3.5).
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;

/**
 * @internal Scans a PDF's raw bytes for a forbidden name and says what it found (`undefined` when
 * none). Names are compared exactly after decoding `#xx` escapes, so `/Java#53cript` is caught and
 * `/JSON` is not. Content inside compressed object streams is not inflated: the server's own check
 * remains the authority.
 */
export function findForbiddenPdfContent(bytes: Uint8Array): string | undefined {
  const text = new TextDecoder('latin1').decode(bytes);
  for (const match of text.matchAll(NAME)) {
    const raw = match[1] ?? '';
    const name = raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
    const found = Object.hasOwn(FORBIDDEN, name) ? FORBIDDEN[name] : undefined;
    if (found !== undefined) return `${found} (/${raw})`;
  }
  return undefined;
}
