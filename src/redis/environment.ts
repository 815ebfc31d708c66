import { InvalidInputError } from '../errors/invalid-input-error.js';
import { shown } from '../internal/kind-of.js';
import { readEnv, tokenEnvironment, type Environment } from '../internal/env.js';

/**
 * @internal The environment a Redis store keeps apart: the one given, else the one of
 * `PARTNER_COMMERCE_TOKEN` (the token the client reads by default), else undefined. Sandbox and
 * production sharing a budget or a dedupe namespace by accident would let a sandbox 429 hold a
 * production call, or a sandbox event id block a production one.
 */
export function storeEnvironment(given: unknown, path: string): Environment | undefined {
  if (given === 'sandbox' || given === 'production') return given;
  if (given !== undefined) throw new InvalidInputError({ path, message: `must be 'sandbox' or 'production', got ${shown(given)}` });
  return tokenEnvironment(readEnv('PARTNER_COMMERCE_TOKEN'));
}
