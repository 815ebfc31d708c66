import type { CliIo } from '../output.js';
import { profilePath, removeProfile, writeProfileToken } from '../profile.js';
import { checkToken } from '../token-source.js';

/**
 * `partner-commerce login`: keeps the token in the per-user profile (folder 0700, file 0600), where
 * every command finds it when no `--token`, `--token-stdin` or PARTNER_COMMERCE_TOKEN is given. The
 * token comes from standard input (typed hidden on a terminal), never from the command line.
 */
export async function loginCommand(io: CliIo, readToken: () => Promise<string>, env: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  const token = checkToken((await readToken()).trim(), 'the token');
  const path = writeProfileToken(token, env);
  io.err(`token saved to ${path} (readable by you only); check it with partner-commerce doctor`);
}

/** `partner-commerce logout`: deletes the profile `login` wrote. */
export function logoutCommand(io: CliIo, env: Readonly<Record<string, string | undefined>> = process.env): void {
  io.err(removeProfile(env) ? `deleted ${profilePath(env)}` : `no profile at ${profilePath(env)}`);
}
