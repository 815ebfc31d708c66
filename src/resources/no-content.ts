import * as z from 'zod';

/**
 * @internal Schema of an answer the caller gets nothing from (a removal, the account reset): any
 * body, or none (204), resolves to `undefined`.
 */
export const noContent: z.ZodType<void, unknown> = z.unknown().transform((): void => undefined);
