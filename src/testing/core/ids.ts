import { fnv1a } from './hash.js';

/**
 * Ids for one account's records. They read as opaque (`ped_0000ka3f91c`), as the spec wants, yet sort
 * in creation order, which gives every list a stable order to paginate by. The hash part keeps ids of
 * different accounts apart; the same sequence of calls always gives the same ids.
 */
export class IdSequence {
  #n = 0;

  constructor(readonly seed: string) {}

  /** The next id with this prefix (`ped`, `cli`, `anx`...). Never reused, not even after a reset. */
  next(prefix: string): string {
    const n = ++this.#n;
    return `${prefix}_${n.toString(36).padStart(5, '0')}${fnv1a(`${this.seed}:${prefix}:${n}`).slice(0, 6)}`;
  }
}
