import * as z from 'zod/mini';
import { PartnerCommerce } from '../client.js';
import { optionIssues } from '../errors/check-options.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import type { Operation } from '../operations/operation.js';
import type { RequestOptions } from '../transport/request-options.js';
import { toolName } from './tool.js';

// Answers every request of the dry-run client: reaching it means the SDK accepted the input.
const ACCEPTED = new Error('accepted');
const inert: typeof globalThis.fetch = () => Promise.reject(ACCEPTED);
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const dryRuns = new Map<string, PartnerCommerce>();

/**
 * A client of the same environment whose every request fails before leaving the process, without
 * budget, retries, hooks or logs: the SDK method run on it refuses an input exactly as the partner's
 * client would (same checks, same words), and sends nothing anywhere.
 */
function dryRunClient(environment: PartnerCommerce['environment']): PartnerCommerce {
  let client = dryRuns.get(environment);
  if (client === undefined) {
    const token = environment === 'production' ? 'svc_prod_dry_run' : 'svc_sbx_dry_run';
    client = new PartnerCommerce({ token, baseUrl: 'https://dry-run.invalid', fetch: inert, rateLimit: false, maxRetries: 0, logger: quiet });
    dryRuns.set(environment, client);
  }
  return client;
}

/**
 * @internal Checks a tool's arguments against the row's input schema before the real call. When the
 * schema refuses them, the SDK method is first run on a dry-run client: if the SDK refuses the value
 * too, its own InvalidInputError is thrown, so a model reads the same field and the same words a
 * TypeScript caller gets; only what the SDK would have sent is refused in the schema's words.
 */
export async function checkToolInput(row: Operation, args: Record<string, unknown>, environment: PartnerCommerce['environment'], options: RequestOptions): Promise<Record<string, unknown>> {
  const parsed = z.safeParse(row.input(), args);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issues = optionIssues(row.input, args, `the ${toolName(row.id)} tool`);
  try {
    await Promise.resolve().then(() => row.invoke(dryRunClient(environment), args, { ...options, priority: undefined }));
  } catch (err) {
    if (err instanceof InvalidInputError) throw err;
  }
  throw new InvalidInputError(issues);
}
