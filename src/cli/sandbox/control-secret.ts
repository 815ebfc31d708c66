import { join } from 'node:path';
import { SANDBOX_CONTROL_SECRET_ENV } from '../products/product-trigger.js';
import { SECRET_FILES } from './journal.js';
import { defaultSandboxDir, readSecretFile } from './private-folder.js';

/**
 * The local sandbox's control secret as `trigger` finds it: `PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET`
 * (the sandbox's banner prints it), else the one the sandbox keeps in its default folder, read only
 * when that file is the user's own and closed to others; `undefined` when there is neither.
 */
export function storedControlSecret(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const given = env[SANDBOX_CONTROL_SECRET_ENV];
  if (given !== undefined && given !== '') return given;
  return readSecretFile(join(defaultSandboxDir(env), SECRET_FILES.control));
}
