import type { CONTA_ROWS } from '../conta.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../conta.ts, by the same names. */
export const CONTA_PROSE = {
  contaObter: {
    summary: "The partner's account; `fichaCompleta` says whether the profile record is complete.",
    description: "Reads the partner's account; `fichaCompleta` false means operations such as order creation answer 400 PROFILE_INCOMPLETE until the profile is completed in the panel.",
  },
  contaEu: {
    summary: 'The integration the token belongs to.',
    description: "Reads who is calling: the integration behind the token, its account and its permissions. Useful to check a token before a partner's first call.",
  },
} satisfies Record<keyof typeof CONTA_ROWS, OperationProse>;
