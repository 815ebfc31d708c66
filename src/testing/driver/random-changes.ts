import { refuse } from './check-input.js';
import { unknownOptionIssues } from '../../errors/check-options.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { seededRandom, type Random } from '../catalog/random.js';
import { ESTILOS, TAGS } from '../catalog/vocabulary.js';
import type { FakeCatalog, FakeRandomChangesOptions } from './catalog-types.js';

type Change = (catalog: FakeCatalog, random: Random) => Promise<unknown>;

const cents = (random: Random, from: number, to: number): string => {
  const value = random.int(from, to);
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
};

// Weighted like a real catalog's day: stock moves most, then prices; products come and go rarely.
const CHANGES: ReadonlyArray<[weight: number, change: Change]> = [
  [
    30,
    (c, r) => {
      const p = c.product(r.pick(c.skus()))!;
      return c.setStock(p.sku, r.pick(p.numeracoes).numeracao, r.int(0, 40));
    },
  ],
  [20, (c, r) => c.changePrices(r.pick(c.skus()), r.next() < 0.5 ? { precoAtacado: cents(r, 3990, 19990) } : { precoAtacado: cents(r, 3990, 19990), precoSugerido: cents(r, 8990, 39990) })],
  [10, (c, r) => c.changeTitle(r.pick(c.skus()), `Produto ${r.int(1, 99999)}`)],
  [10, (c, r) => c.changeClassification(r.pick(c.skus()), r.next() < 0.5 ? { tags: TAGS.filter(() => r.next() < 0.3) } : { estilos: [r.pick(ESTILOS)] })],
  [
    8,
    (c, r) => {
      const p = c.product(r.pick(c.skus()))!;
      return p.ativo ? c.deactivate(p.sku) : c.reactivate(p.sku);
    },
  ],
  [4, (c) => c.createProduct()],
  [4, (c, r) => c.changeCurrentPrice(r.pick(c.skus()), cents(r, 4990, 39990))],
];
const TOTAL = CHANGES.reduce((sum, [weight]) => sum + weight, 0);

function pickChange(random: Random): Change {
  let roll = random.next() * TOTAL;
  for (const [weight, change] of CHANGES) if ((roll -= weight) < 0) return change;
  return CHANGES[0]![1];
}

const OPTION_NAMES: ReadonlySet<string> = new Set(Object.keys({ seed: 1, batches: 1, afterEach: 1 } satisfies Record<keyof FakeRandomChangesOptions, 1>));

/** Runs `passos` seeded random steps on `catalog` (see {@link FakeCatalog.changeAtRandom}). */
export async function randomChanges(catalog: FakeCatalog, passos: number, options: FakeRandomChangesOptions = {}): Promise<void> {
  if (!(Number.isInteger(passos) && passos >= 0)) refuse('steps', `changeAtRandom takes a whole number of steps >= 0 (got ${String(passos)})`);
  const unknown = unknownOptionIssues(options, OPTION_NAMES, 'changeAtRandom');
  if (unknown.length > 0) throw new InvalidInputError(unknown);
  const { seed = 0, batches = 0.05, afterEach } = options;
  if (!(typeof batches === 'number' && batches >= 0 && batches <= 1)) refuse('batches', `must be a share from 0 to 1 (got ${String(batches)})`);
  if (catalog.skus().length === 0) await catalog.createProduct();
  const random = seededRandom(`alteracoes:${String(seed)}`);
  for (let passo = 0; passo < passos; passo++) {
    if (random.next() < batches) {
      const count = random.int(2, 10);
      await catalog.batch((c) => {
        for (let i = 0; i < count; i++) void pickChange(random)(c, random);
      });
    } else {
      await pickChange(random)(catalog, random);
    }
    await afterEach?.(passo);
  }
}
