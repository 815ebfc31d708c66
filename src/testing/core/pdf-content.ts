// Written from the spec, "Endpoints" > "File upload rule": "A PDF containing script, an embedded file,
// a form or a password is refused with 400 VALIDACAO." Each of the four is found by the PDF names
// (ISO 32000-1) that carry it:
// - script: /JavaScript (name tree and action type), /JS (the action's script);
// - embedded file: /EmbeddedFiles (name tree), /EmbeddedFile (stream type), /EF (a file specification's
//   embedded streams, present even when the stream's optional /Type is left out);
// - form: /AcroForm (interactive form), /XFA (XML form);
// - password: /Encrypt (the trailer's encryption dictionary).
// Names may spell a character as #xx (7.3.5), so /Java#53cript is /JavaScript; a name ends at white
// space or a delimiter (7.2.2), so /JSON is not /JS. FlateDecode streams (object streams among them)
// are inflated and scanned too (./pdf-streams.ts); other filters are not decoded.
import { inflatedPdfStreams } from './pdf-streams.js';

const FORBIDDEN: ReadonlyMap<string, string> = new Map([
  ['JavaScript', 'um script'],
  ['JS', 'um script'],
  ['EmbeddedFiles', 'um arquivo embutido'],
  ['EmbeddedFile', 'um arquivo embutido'],
  ['EF', 'um arquivo embutido'],
  ['AcroForm', 'um formulário'],
  ['XFA', 'um formulário'],
  ['Encrypt', 'uma senha'],
]);

// "/" then regular characters: anything but white space (NUL, TAB, LF, FF, CR, SP) and the delimiters ( ) < > [ ] { } / %.
const NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;

/** What forbidden content a PDF holds, in the words of the answer and with the name found (`um script (/JS)`); `undefined` when none. */
export async function forbiddenPdfContent(bytes: Uint8Array): Promise<string | undefined> {
  const found = forbiddenName(new TextDecoder('latin1').decode(bytes));
  if (found !== undefined) return found;
  for (const inflated of await inflatedPdfStreams(bytes)) {
    const inside = forbiddenName(inflated);
    if (inside !== undefined) return `${inside} num fluxo comprimido`;
  }
  return undefined;
}

function forbiddenName(text: string): string | undefined {
  for (const [, written = ''] of text.matchAll(NAME)) {
    const name = written.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const what = FORBIDDEN.get(name);
    if (what !== undefined) return `${what} (/${written})`;
  }
  return undefined;
}
