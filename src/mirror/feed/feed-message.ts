import * as z from 'zod/mini';
import type { Change, ProdutoWire } from '../store/types.js';

/**
 * A product of the feed's snapshot: the mirror's current state of one sku. Snapshot rows come in sku
 * order, each at least as new as the offset the snapshot started from; the changes that follow the
 * snapshot may repeat a state a row already showed, so apply them as upserts by sku.
 */
export interface MirrorFeedSnapshotRow {
  /** Always `snapshot`. */
  type: 'snapshot';
  /** The product's sku. */
  sku: string;
  /** The product exactly as the API last sent it (wire form: money as strings, unknown fields kept). */
  produto: ProdutoWire;
  /** Set when the last full scan did not list the product (ISO 8601): the mirror's inference that it is gone. */
  missingSince: string | null;
  /** Position of the product's last change in the change log. */
  position: number;
}

/** One entry of the mirror's change log, as the feed sends it: a {@link Change} marked `change`. */
export interface MirrorFeedChange extends Change {
  /** Always `change`. */
  type: 'change';
}

/** A message of the mirror's change feed: a snapshot row or a change. */
export type MirrorFeedMessage = MirrorFeedSnapshotRow | MirrorFeedChange;

const produto = z.looseObject({ sku: z.string(), atualizadoEm: z.string(), ativo: z.boolean() });
const position = z.number().check(z.int(), z.nonnegative());

/** @internal What a reader accepts: the feed's data is another process's, and read as hostile. */
export const feedMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), sku: z.string(), produto, missingSince: z.nullable(z.string()), position }),
  z.object({
    type: z.literal('change'),
    sku: z.string(),
    kind: z.enum(['criado', 'alterado', 'desativado', 'reativado', 'ausente', 'reapareceu']),
    fields: z.array(z.string()),
    before: z.nullable(produto),
    after: z.nullable(produto),
    origin: z.enum(['backfill', 'follow', 'refresh', 'webhook', 'sweep']),
    evento: z.nullable(z.string()),
    position,
    recordedAt: z.string(),
  }),
]);
