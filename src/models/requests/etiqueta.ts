import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { described, nonBlankInSandbox, sandboxRule } from './text.js';

// The spec does not show these bodies. It shows a label's `pedido` and its `servico { id: integer }`:
// the fields that name them are typed so; that the local sandbox requires `pedidoId` (non-blank) and a
// `servicoId` of at least 1 is stated for the document only, marked as its rule.
const etiquetaFields = () => ({
  pedidoId: nonBlankInSandbox(described(z.optional(z.string()), 'Id of the order to ship')),
  servicoId: sandboxRule(
    described(z.optional(z.int()), 'The shipping service: servico.id of one of the options etiquetas.cotar offers (the local sandbox uses the first when left out)'),
    'an integer of at least 1',
    { minimum: 1 },
  ),
});

const EXAMPLE = { pedidoId: 'ped_1', servicoId: 1 };

/** Body of POST /v1/etiquetas/cotacoes (a quote); other fields are sent as given. */
export const etiquetaCotarBodySchema = once(() =>
  sandboxRule(described(z.looseObject(etiquetaFields()), 'The quote request (not shown by the spec; other fields are sent as given)'), '`pedidoId`', {
    required: ['pedidoId'],
    examples: [EXAMPLE],
  }),
);

/** Body of POST /v1/etiquetas (issue a label); other fields are sent as given. */
export const etiquetaEmitirBodySchema = once(() =>
  sandboxRule(described(z.looseObject(etiquetaFields()), 'The label to issue (not shown by the spec; other fields are sent as given)'), '`pedidoId`', {
    required: ['pedidoId'],
    examples: [EXAMPLE],
  }),
);
