import * as z from 'zod/mini';
import { lazySchema } from '../internal/lazy-schema.js';

/**
 * @internal Schema of an answer the caller gets nothing from (a removal, the account reset): any
 * body, or none (204), resolves to `undefined`.
 */
export const noContent: z.ZodMiniType<void, unknown> = lazySchema(() => z.pipe(z.unknown(), z.transform((): void => undefined)));
