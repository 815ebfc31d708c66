import type { Command } from 'commander';
import { CliFailure, EXIT } from './exit-codes.js';
import type { CliIo } from './output.js';
import { profilePath, readProfileToken } from './profile.js';

/** A token and where it came from (for `doctor`; the token itself is never printed). */
export interface ResolvedToken {
  token: string;
  /** `--token`, `--token-stdin`, `PARTNER_COMMERCE_TOKEN` or `profile <path>`. */
  source: string;
}

/** What {@link resolveToken} looks at. */
export interface TokenInputs {
  /** `--token`'s value. */
  flag?: string | undefined;
  /** Whether `--token-stdin` was given. */
  stdin?: boolean | undefined;
  /** Reads standard input whole. */
  readStdin: () => Promise<string>;
  /** The environment (PARTNER_COMMERCE_TOKEN, XDG_CONFIG_HOME). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Token characters that can travel in an Authorization header: visible ASCII, no spaces. */
const TOKEN_TEXT = /^[\x21-\x7e]+$/;

/**
 * The token of a command, first found of: `--token`, `--token-stdin`, `PARTNER_COMMERCE_TOKEN`, the
 * profile `partner-commerce login` wrote. `--token` and `--token-stdin` together are refused: which
 * one was meant cannot be known. A profile is only read when nothing before it gave a token, so a
 * refused profile does not stop a run that does not need it.
 */
export async function resolveToken(inputs: TokenInputs): Promise<ResolvedToken | undefined> {
  if (inputs.flag !== undefined && inputs.stdin === true) throw new CliFailure('give --token or --token-stdin, not both', EXIT.usage);
  if (inputs.flag !== undefined && inputs.flag !== '') return { token: inputs.flag, source: '--token' };
  if (inputs.stdin === true) return { token: checkToken((await inputs.readStdin()).trim(), '--token-stdin (standard input)'), source: '--token-stdin' };
  const env = inputs.env['PARTNER_COMMERCE_TOKEN'];
  if (env !== undefined && env !== '') return { token: env, source: 'PARTNER_COMMERCE_TOKEN' };
  const path = profilePath(inputs.env);
  const token = readProfileToken(path);
  return token === undefined ? undefined : { token, source: `profile ${path}` };
}

/** A token typed or piped in: one line of visible characters; `where` names it in errors. */
export function checkToken(token: string, where: string): string {
  if (token === '') throw new CliFailure(`${where} is empty: pipe the token in, e.g. partner-commerce login < token.txt`, EXIT.usage);
  if (!TOKEN_TEXT.test(token)) throw new CliFailure(`${where} must be one token: visible characters, no spaces or line breaks`, EXIT.usage);
  return token;
}

/**
 * Before a command that calls the API runs: its `token` becomes the one {@link resolveToken} finds and
 * `tokenSource` says where from. `--token` on the command line warns: every local user sees it in `ps`.
 */
export async function settleToken(action: Command, io: CliIo, readStdin: () => Promise<string>, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  if (!action.options.some((o) => o.long === '--token')) return;
  const flags = action.opts<{ tokenStdin?: boolean; body?: string }>();
  if (flags.tokenStdin === true && flags.body === '-') throw new CliFailure('--token-stdin and --body - both read standard input: give the body with --body', EXIT.usage);
  // Commander also fills `token` from PARTNER_COMMERCE_TOKEN (to show it in --help): only a value typed on the command line is the flag's.
  const fromFlag = action.getOptionValueSource('token') === 'cli' ? (action.getOptionValue('token') as string) : undefined;
  if (fromFlag !== undefined) io.err('warning: --token is visible to every local user (ps) and stays in shell history; use --token-stdin, PARTNER_COMMERCE_TOKEN or partner-commerce login');
  const resolved = await resolveToken({ flag: fromFlag, stdin: flags.tokenStdin, readStdin, env });
  action.setOptionValue('token', resolved?.token);
  action.setOptionValue('tokenSource', resolved?.source);
}
