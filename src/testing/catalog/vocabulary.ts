import { fnv1a } from '../core/hash.js';
import type { RefRecord } from './types.js';

/** A kind of shoe: its name in titles, its category and the sizes it comes in. */
export interface Tipo {
  nome: string;
  categoria: RefRecord;
  publico: RefRecord;
  numeracoes: readonly string[];
}

// Ids are opaque in the spec; hashing the name keeps them stable without looking sequential.
function ref(prefix: string, nome: string): RefRecord {
  return { id: `${prefix}_${fnv1a(`${prefix}:${nome}`)}`, nome };
}

const sizes = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const FEMININO = ref('cat', 'Feminino');
const MASCULINO = ref('cat', 'Masculino');
const UNISSEX = ref('cat', 'Unissex');
const tipo = (nome: string, categoria: string, publico: RefRecord, numeracoes: string[]): Tipo => ({ nome, categoria: ref('cat', categoria), publico, numeracoes });

/** Kinds of shoe; sizes stay within 34 to 44 as the catalog does. */
export const TIPOS: readonly Tipo[] = [
  tipo('Sandália', 'Sandálias', FEMININO, sizes(34, 39)),
  tipo('Rasteira', 'Rasteiras', FEMININO, sizes(34, 39)),
  tipo('Scarpin', 'Scarpins', FEMININO, sizes(34, 40)),
  tipo('Sapatilha', 'Sapatilhas', FEMININO, sizes(34, 39)),
  tipo('Bota Cano Curto', 'Botas', FEMININO, sizes(34, 40)),
  tipo('Mocassim', 'Mocassins', MASCULINO, sizes(38, 44)),
  tipo('Sapatênis', 'Sapatênis', MASCULINO, sizes(38, 44)),
  tipo('Coturno', 'Botas', MASCULINO, sizes(38, 44)),
  tipo('Tênis Casual', 'Tênis', UNISSEX, sizes(34, 44)),
  tipo('Chinelo Slide', 'Chinelos', UNISSEX, sizes(34, 44)),
];

/** Materials used in titles. */
export const MATERIAIS: readonly string[] = ['Couro', 'Camurça', 'Verniz', 'Tressê', 'Nobuck', 'Matelassê'];

/** Colours used in titles. */
export const CORES: readonly string[] = ['Preto', 'Caramelo', 'Off White', 'Nude', 'Marrom', 'Azul Marinho', 'Vermelho', 'Prata'];

/** Styles, one per product. */
export const ESTILOS: readonly RefRecord[] = ['Casual', 'Social', 'Esportivo', 'Praia', 'Festa', 'Conforto'].map((n) => ref('est', n));

/** Tags, zero to two per product. */
export const TAGS: readonly RefRecord[] = ['Lançamento', 'Mais Vendido', 'Couro Legítimo', 'Vegano', 'Antiderrapante', 'Leve'].map((n) => ref('tag', n));
