import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';

/**
 * Thrown by `mirror.changes.read()` and `consume()` for a position behind what retention removed from the
 * change log: some changes after it are gone, so reading on would skip them without a word. Refetch
 * instead: for a named consumer, `mirror.changes.rewind(name)` and consume again (the log still holds
 * the latest change of every product, so a pass from the start meets every product in its latest
 * state); for a position you save, page `mirror.changedSince()` from 0 (the products in change order)
 * and read on from the last position it gave.
 */
export class ChangeLogCompactedError extends PartnerCommerceError {
  override name = 'ChangeLogCompactedError';
  /** @internal Brand name, so `instanceof` works across the ESM and CommonJS builds. */
  static override readonly kind: string = 'ChangeLogCompactedError';
  /** The position asked for. */
  readonly position: number;
  /** The highest position retention has removed: every change above it is intact. */
  readonly compactedThrough: number;

  /** @internal */
  constructor(position: number, compactedThrough: number, consumer?: string) {
    super(
      `the change log was compacted through position ${compactedThrough}, past ${consumer === undefined ? 'position' : `consumer ${JSON.stringify(consumer)}'s position`} ${position}: ` +
        `some changes after it were removed by retention; ${consumer === undefined ? 'refetch: page mirror.changedSince() from 0, then read on from the last position it gave' : `read again from the start: mirror.changes.rewind(${JSON.stringify(consumer)})`}`,
    );
    this.position = position;
    this.compactedThrough = compactedThrough;
  }
}
