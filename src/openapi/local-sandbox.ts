import type * as core from 'zod/v4/core';
import { pedidoItemBodySchema } from '../models/requests/pedido.js';
import { MARK } from './marks.js';

/**
 * What the document says of a shape the spec does not show but the local sandbox needs: the order
 * item. It is marked `x-partner-commerce-source: local-sandbox` (not from the spec), so a partner
 * knows to check it against the real server.
 */
export function markLocalSandboxShapes(ctx: { zodSchema: core.$ZodTypes; jsonSchema: core.JSONSchema.BaseSchema }): void {
  if (ctx.zodSchema !== (pedidoItemBodySchema() as unknown)) return;
  ctx.jsonSchema.description =
    'One item of the order: a product (`sku`), one of its sizes (`numeracao`) and whole pairs (`quantidade`, at least 1). ' +
    'Not from the spec, which does not show the order body: this is what the local sandbox (`partner-commerce sandbox`) requires.';
  ctx.jsonSchema[`${MARK}-source`] = 'local-sandbox';
  ctx.jsonSchema.examples = [{ sku: 'TEN-001', numeracao: '38', quantidade: 2 }];
}
