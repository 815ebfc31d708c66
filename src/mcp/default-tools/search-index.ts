import { RECORDS } from '../../openapi/records.js';
import type { Operation } from '../../operations/operation.js';
import { proseOf } from '../../operations/prose/prose-of.js';
import { OPERATIONS } from '../../operations/table.js';
import { inputJsonSchema } from '../tool.js';
import { MIRROR_ENTRIES } from '../mirror-tools.js';
import { TOPICS } from './topics.js';

/** @internal One thing `search` can find: an operation, a record or a piece of the guide. */
export interface SearchEntry {
  readonly kind: 'operation' | 'record' | 'topic';
  /** What `describe` and `execute` take (`pedidos.obter`), a record's name, or a topic's id. */
  readonly id: string;
  /** One short line: what `search` answers with (describe gives the rest). */
  readonly summary: string;
  /** What `describe` gives of a record or a topic. */
  readonly detail?: Record<string, unknown> | undefined;
  /** Words and how much a match on each counts. */
  readonly words: ReadonlyMap<string, number>;
}

// The operations and records are named in Portuguese (the wire's words) and described in English, so a
// question in either language finds them; these English words name what the Portuguese ones mean.
const GLOSSARY: Readonly<Record<string, string>> = {
  order: 'pedido',
  stock: 'estoque',
  inventory: 'estoque',
  product: 'produto',
  customer: 'cliente',
  client: 'cliente',
  balance: 'saldo',
  statement: 'extrato',
  ledger: 'lancamento',
  entry: 'lancamento',
  label: 'etiqueta',
  shipping: 'etiqueta',
  shipment: 'etiqueta',
  store: 'loja',
  storefront: 'loja',
  shop: 'loja',
  size: 'numeracao',
  category: 'categoria',
  expense: 'despesa',
  tracking: 'rastreio',
  proof: 'comprovante',
  receipt: 'comprovante',
  account: 'conta',
  price: 'preco',
  create: 'criar',
  list: 'listar',
  get: 'obter',
  read: 'obter',
  cancel: 'cancelar',
  delete: 'remover',
  remove: 'remover',
  add: 'adicionar',
  quote: 'cotar',
  issue: 'emitir',
  publish: 'publicar',
  update: 'atualizar',
  validate: 'validar',
  banner: 'banner',
  logo: 'logo',
  appearance: 'aparencia',
  statistics: 'estatisticas',
  reset: 'resetar',
  status: 'status',
  me: 'eu',
  token: 'eu',
  catalog: 'catalogo',
  wholesale: 'atacado',
  sale: 'venda',
};

const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'and',
  'or',
  'for',
  'in',
  'on',
  'is',
  'it',
  'its',
  'by',
  'with',
  'what',
  'which',
  'how',
  'do',
  'does',
  'de',
  'da',
  'do',
  'dos',
  'das',
  'o',
  'e',
  'com',
  'um',
  'uma',
  'em',
  'no',
  'na',
  'my',
  'all',
  'any',
]);

/** One word in its plain form: no accents, lower case, Portuguese and English plurals made singular. */
function stem(word: string): string {
  if (word.endsWith('coes')) return `${word.slice(0, -4)}cao`;
  if (word.endsWith('oes')) return `${word.slice(0, -3)}ao`;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

/** @internal The words of a text: split at camelCase and punctuation, accents dropped, stems. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP.has(w))
    .map(stem);
}

function weigh(parts: readonly (readonly [text: string, weight: number])[]): Map<string, number> {
  const words = new Map<string, number>();
  for (const [text, weight] of parts) for (const word of wordsOf(text)) words.set(word, Math.max(words.get(word) ?? 0, weight));
  return words;
}

const operationEntry = (row: Operation): SearchEntry => {
  const { summary, description } = proseOf(row);
  return {
    kind: 'operation',
    id: row.id,
    summary,
    words: weigh([
      [row.id, 3],
      [summary, 2],
      [`${description} ${row.route} ${row.access}`, 1],
    ]),
  };
};

/** The fields of a record's wire form, for its entry. */
function fieldsOf(schema: () => unknown): string[] {
  const json = inputJsonSchema(schema() as Parameters<typeof inputJsonSchema>[0]);
  return Object.keys((json['properties'] as Record<string, unknown> | undefined) ?? {});
}

function recordEntries(): SearchEntry[] {
  return RECORDS.map(([name, schema]) => {
    const built = schema();
    const returnedBy = OPERATIONS.filter((row) => row.response?.() === built).map((row) => row.id);
    const fields = fieldsOf(schema);
    const listed = fields.length > 6 ? `${fields.slice(0, 6).join(', ')}…` : fields.join(', ');
    return {
      kind: 'record' as const,
      id: name,
      summary: `Record ${name}${listed ? ` (${listed})` : ''}`,
      detail: { record: name, fields, answeredBy: returnedBy, schema: inputJsonSchema(built) },
      words: weigh([
        [name, 3],
        [fields.join(' '), 1],
        [returnedBy.join(' '), 1],
      ]),
    };
  });
}

let built: readonly SearchEntry[] | undefined;

/** @internal Every entry, built on the first search (a server that is never searched builds none). */
export function searchEntries(): readonly SearchEntry[] {
  built ??= [
    ...OPERATIONS.map(operationEntry),
    ...MIRROR_ENTRIES.map((m) => ({
      kind: 'operation' as const,
      id: m.id,
      summary: m.summary,
      words: weigh([
        [m.id, 3],
        [m.summary, 2],
        ['mirror local catalog', 1],
      ]),
    })),
    ...recordEntries(),
    ...TOPICS.map((t) => ({
      kind: 'topic' as const,
      id: t.id,
      summary: t.title,
      detail: { topic: t.id, title: t.title, text: t.text },
      words: weigh([
        [t.title, 3],
        [t.text, 1],
      ]),
    })),
  ];
  return built;
}

/** How well `entry` matches one word: a whole word over a prefix, by where it was found. */
function match(entry: SearchEntry, word: string): number {
  let best = 0;
  for (const [candidate, weight] of entry.words) {
    if (candidate === word) best = Math.max(best, weight);
    else if (word.length >= 4 && (candidate.startsWith(word) || (word.startsWith(candidate) && candidate.length >= 4))) best = Math.max(best, weight / 2);
  }
  return best;
}

let counts: Map<string, number> | undefined;

/**
 * How much a word tells entries apart: a word few entries hold ("saldo") counts more than one most of
 * them hold ("account", "partner"), so "account balance" finds the balance and not the account.
 */
function rarity(word: string): number {
  const entries = searchEntries();
  if (counts === undefined) {
    counts = new Map();
    for (const entry of entries) for (const w of entry.words.keys()) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return Math.log(1 + entries.length / (1 + (counts.get(word) ?? 0)));
}

/** How well `entry` answers the query: each word's best match, an English word or the Portuguese one it names. */
function score(entry: SearchEntry, query: readonly (readonly string[])[]): number {
  return query.reduce((total, forms) => total + Math.max(...forms.map((word) => match(entry, word) * rarity(word))), 0);
}

/** @internal The query's words, each as the forms it may take: an English word and the Portuguese one it names. */
export function queryWords(query: string): string[][] {
  return [...new Set(wordsOf(query))].map((w) => (GLOSSARY[w] ? [w, stem(GLOSSARY[w])] : [w]));
}

/** @internal The entries that best match `query`, best first; `only` keeps entries `only` accepts. */
export function search(query: string, limit: number, only: (entry: SearchEntry) => boolean = () => true): SearchEntry[] {
  const words = queryWords(query);
  const order = { operation: 0, record: 1, topic: 2 };
  return searchEntries()
    .filter(only)
    .map((entry) => ({ entry, score: score(entry, words) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || order[a.entry.kind] - order[b.entry.kind])
    .slice(0, limit)
    .map((s) => s.entry);
}
