import * as z from 'zod/mini';
import { once } from '../internal/once.js';

/**
 * @internal Schema of an answer the caller gets nothing from (a removal, the account reset): any
 * body, or none (204), resolves to `undefined`.
 */
export const noContent = once((): z.ZodMiniType<void, unknown> =>
  z.pipe(
    z.unknown(),
    z.transform((): void => undefined),
  ),
);
