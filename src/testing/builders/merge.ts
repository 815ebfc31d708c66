import { isObject } from '../core/body.js';

/** Deep merge for builders' overrides: objects merge, arrays and other values replace, `undefined` keeps the default. */
export function merge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isObject(base) || !isObject(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) out[key] = merge(base[key], value);
  return out;
}
