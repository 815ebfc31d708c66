import type { Operation } from '../operations/operation.js';
import type { McpTool } from './tool.js';

/**
 * POST writes that change or remove what exists rather than add something. The row says POST both for
 * a creation (`POST /v1/clientes` adds a customer: an additive update) and for these, so the method
 * cannot tell them apart; each is named here with what it overwrites or removes.
 */
const POST_CHANGING_WHAT_EXISTS: ReadonlySet<string> = new Set([
  'sandbox.conta.resetar', // deletes the test account's orders, customers, ledger entries and cart
  'etiquetas.cancelar', // a cancelled label cannot be used again
  'lojaHub.publicar', // replaces the storefront's publication state
  'lojaHub.despublicar', // takes the published storefront down
  'sandbox.pedidos.alterarStatus', // overwrites the order's status (any transition, CANCELADO too)
  'sandbox.etiquetas.alterarStatus', // overwrites the label's status
  'sandbox.pedidos.validarComprovante', // overwrites the proof's validado
  'sandbox.pedidos.validarRastreio', // overwrites the tracking code's validado
]);

/**
 * @internal MCP's behaviour hints of an operation's tool, from its row, by the hints' definitions:
 * - readOnlyHint: the tool does not modify its environment: a `read` row (a GET, or a POST that
 *   changes nothing such as `pedidos.validar`).
 * - destructiveHint: the tool may do more than additive updates: every write except a POST that creates
 *   (DELETE removes; PUT and PATCH overwrite; the POSTs named above change what exists).
 * - idempotentHint: the same arguments again have no further effect: reads, and the methods HTTP defines
 *   as idempotent (PUT, DELETE). Not a creation: its tool sends a fresh Idempotency-Key whenever the
 *   caller gives none, so the same arguments twice create twice; nor PATCH, which HTTP does not promise.
 * - openWorldHint: the tool reaches the partner's account on the supplier's API, an open world.
 */
export function operationAnnotations(row: Pick<Operation, 'id' | 'method' | 'access'>): McpTool['annotations'] {
  const read = row.access === 'read';
  return {
    readOnlyHint: read,
    destructiveHint: !read && (row.method !== 'POST' || POST_CHANGING_WHAT_EXISTS.has(row.id)),
    idempotentHint: read || row.method === 'PUT' || row.method === 'DELETE',
    openWorldHint: true,
  };
}

/** @internal The hints of a tool that only reads the local mirror: nothing changes, and its world is a local store. */
export const MIRROR_ANNOTATIONS: McpTool['annotations'] = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
