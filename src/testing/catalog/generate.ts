import { toBrasilia } from '../core/timestamp.js';
import { seededRandom, type Random } from './random.js';
import type { ProdutoRecord, RefRecord } from './types.js';
import { CORES, ESTILOS, MATERIAIS, TAGS, TIPOS } from './vocabulary.js';

const HOUR_MS = 60 * 60 * 1000;
// Spread over a month so an `atualizadoDesde` of a few days back keeps some products and drops others.
const SPREAD_HOURS = 30 * 24;

/**
 * The catalog: `size` products `SKU-0001`... in sku order. Only the seed strings and `anchor` (the
 * moment the fake was created, whole seconds) decide the data, so equal options give an equal catalog.
 */
export function generateCatalog(size: number, anchor: Date): ProdutoRecord[] {
  const anchorMs = Math.floor(anchor.getTime() / 1000) * 1000;
  const width = Math.max(4, String(size).length);
  return Array.from({ length: size }, (_, i) => generateProduto(`SKU-${String(i + 1).padStart(width, '0')}`, anchorMs));
}

/** One product of the generated catalog, its data decided by `sku` alone, updated some hours before `anchorMs`. */
export function generateProduto(sku: string, anchorMs: number): ProdutoRecord {
  const random = seededRandom(`produto:${sku}`);
  const tipo = random.pick(TIPOS);
  const atacado = 3990 + random.int(0, 160) * 100;
  // Suggested prices end in ,90 like the supplier's; a few products are on sale in the partner's store.
  const sugerido = Math.round((atacado * (1.7 + random.next() * 0.5)) / 100) * 100 - 10;
  const atual = random.next() < 0.25 ? Math.max(atacado, sugerido - 1000) : sugerido;
  const updatedMs = anchorMs - (1 + random.int(0, SPREAD_HOURS)) * HOUR_MS - random.int(0, 3599) * 1000;
  return {
    sku,
    titulo: `${tipo.nome} ${random.pick(MATERIAIS)} ${random.pick(CORES)}`,
    imagem: `https://img.example.test/produtos/${sku.toLowerCase()}.jpg`,
    precoAtacado: money(atacado),
    precoSugerido: money(sugerido),
    precoAtual: money(atual),
    numeracoes: tipo.numeracoes.map((numeracao) => ({
      numeracao,
      skuVariacao: `${sku}-${numeracao}`,
      // Some sizes sold out, as partners' code must handle zero stock.
      estoque: random.next() < 0.15 ? 0 : random.int(1, 40),
    })),
    categorias: [tipo.publico, tipo.categoria],
    estilos: [random.pick(ESTILOS)],
    tags: pickTags(random),
    ativo: random.next() >= 0.1,
    atualizadoEm: toBrasilia(new Date(updatedMs)),
  };
}

function pickTags(random: Random): RefRecord[] {
  const count = random.int(0, 2);
  const start = random.int(0, TAGS.length - 1);
  return Array.from({ length: count }, (_, i) => TAGS[(start + i) % TAGS.length]!);
}

function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
