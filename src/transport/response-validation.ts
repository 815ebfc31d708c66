import * as z from 'zod/mini';

/**
 * What a success body that does not fit its documented shape becomes. `'strict'` (the default): an
 * `UnexpectedResponseError` saying the server accepted the call, naming each field, carrying the body.
 * `'lenient'`: the body is returned, every fitting field parsed as usual and each non-fitting field
 * left as the server sent it (listed in `meta.responseIssues`, one warning per route and field).
 * When an essential field (a required one) does not fit, nothing can be parsed around it and the
 * whole body is returned as the server sent it (still listed in `meta.responseIssues`).
 *
 * Strict stays the default because a field of the wrong type is a broken promise the partner's
 * code would otherwise meet later, far from its cause; lenient is for integrations that prefer to
 * keep working on a server that changed, and can check `meta.responseIssues`.
 */
export type ResponseValidation = 'strict' | 'lenient';

/** @internal The schema of the option: absent, or one of the two modes. */
export function responseValidationSchema(): z.ZodMiniOptional<z.ZodMiniCustom<ResponseValidation, ResponseValidation>> {
  return z.optional(
    z.custom<ResponseValidation>((v) => v === 'strict' || v === 'lenient', {
      error: (issue) => `must be 'strict' or 'lenient' (got ${JSON.stringify(issue.input)})`,
    }),
  );
}
