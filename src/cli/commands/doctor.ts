import { ApiError, ConnectionError, InvalidInputError, type Environment, type PartnerCommerce } from '../../index.js';
import { readEnv, tokenEnvironment } from '../../internal/env.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { printResult, type CliIo } from '../output.js';
import { optionNames, refuseUnknownOptions } from '../../errors/check-options.js';

/** The read permissions the spec names; `doctor` checks these unless `--needs` says otherwise. */
const READ_PERMISSIONS = ['pedidos:ler', 'etiquetas:ler', 'financeiro:ler', 'produtos:ler', 'clientes:ler'];

/** Outcome of one check: `block` makes `doctor` exit non-zero. */
export type CheckStatus = 'ok' | 'warn' | 'block' | 'skip';

/** One line of the checklist. */
export interface DoctorCheck {
  readonly check: string;
  readonly status: CheckStatus;
  readonly detail: string;
  /** What to do about it, when something is wrong. */
  readonly fix?: string | undefined;
}

/** Flags of `partner-commerce doctor`. */
export interface DoctorFlags extends ConnectionFlags {
  /** Permissions the partner's code needs, comma-separated. @default the five read permissions */
  needs?: string | undefined;
  /**
   * The environment the token is expected to be for; a token of the other one blocks.
   * @default either (the server still refuses a token of the other environment: TOKEN_DE_OUTRO_AMBIENTE)
   */
  environment?: string | undefined;
  json?: boolean | undefined;
}

/** One answer the API sent during the checks, for the checks that read headers. */
interface SeenAnswer {
  method: string;
  path: string;
  headers: Headers;
}

/** Answers the API sent during the checks, oldest first. */
interface Seen {
  answers: SeenAnswer[];
}

/** Below this share of the window's budget left, `rate budget` warns. */
const LOW_BUDGET_SHARE = 0.1;

/** Codes of TLS failures (node, undici, Bun) in a connection error's causes. */
const TLS_FAILURE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH|ALTNAME/i;

const DOCTOR_FLAG_NAMES = optionNames<DoctorFlags>({ baseUrl: 1, environment: 1, json: 1, needs: 1, token: 1, tokenSource: 1, tokenStdin: 1 });

/**
 * Checks an integration end to end and returns the checklist (token, base URL, connectivity,
 * permissions, profile, label provider, storefront, API terms, deprecations, rate budget).
 */
export async function runDoctor(flags: DoctorFlags): Promise<DoctorCheck[]> {
  refuseUnknownOptions(flags, DOCTOR_FLAG_NAMES, 'runDoctor');
  const checks: DoctorCheck[] = [];
  const token = flags.token ?? readEnv('PARTNER_COMMERCE_TOKEN');
  const from = flags.tokenSource ?? (flags.token !== undefined ? 'flags.token' : 'PARTNER_COMMERCE_TOKEN');
  const baseUrl = flags.baseUrl ?? readEnv('PARTNER_COMMERCE_BASE_URL');
  const environment = tokenEnvironment(token);
  const expected = expectedEnvironment(flags.environment);
  if (!token)
    checks.push({
      check: 'token',
      status: 'block',
      detail: 'no token',
      fix: 'run partner-commerce login, or pass --token-stdin, or set PARTNER_COMMERCE_TOKEN (created per integration in the panel)',
    });
  else if (!environment) checks.push({ check: 'token', status: 'block', detail: `not a partner token (svc_sbx_… or svc_prod_…), from ${from}`, fix: 'copy the token again from the panel' });
  else if (expected !== undefined && environment !== expected) {
    checks.push({
      check: 'token',
      status: 'block',
      detail: `a ${environment} token, but ${expected} was expected, from ${from}`,
      fix: `use the integration's ${expected} token (${expected === 'sandbox' ? 'svc_sbx_…' : 'svc_prod_…'})`,
    });
  } else checks.push({ check: 'token', status: 'ok', detail: `${environment} token present (not shown), from ${from}` });
  if (!baseUrl) checks.push({ check: 'base URL', status: 'block', detail: 'no base URL', fix: 'pass --base-url or set PARTNER_COMMERCE_BASE_URL' });
  if (!token || !environment || !baseUrl) return checks;

  const seen: Seen = { answers: [] };
  let client: PartnerCommerce;
  try {
    client = clientFrom(flags, { maxRetries: 1, timeoutMs: 10_000, logLevel: 'off', fetch: recording(seen) });
  } catch (err) {
    const detail = err instanceof InvalidInputError ? err.issues.map((i) => `${i.path} ${i.message}`).join('; ') : String(err);
    checks.push({ check: 'base URL', status: 'block', detail, fix: 'the root of the environment, https, without /v1' });
    return checks;
  }
  checks.push({ check: 'base URL', status: 'ok', detail: baseUrl });

  let eu: Record<string, unknown>;
  try {
    eu = await client.conta.eu();
    checks.push({ check: 'connectivity', status: 'ok', detail: `GET /v1/eu answered${tlsNote(baseUrl)}` });
  } catch (err) {
    if (err instanceof ApiError && err.codigo === 'TOKEN_DE_OUTRO_AMBIENTE') {
      // The server answered, so the connection is fine: it is the token that is of the other environment.
      const at = checks.findIndex((c) => c.check === 'token');
      checks[at] = {
        check: 'token',
        status: 'block',
        detail: `${err.status} ${err.codigo}: ${baseUrl} is not the ${environment} environment`,
        fix: `use the ${environment} base URL, or this environment's token`,
      };
      checks.push({ check: 'connectivity', status: 'ok', detail: `GET /v1/eu answered${tlsNote(baseUrl)}` });
    } else checks.push(connectionCheck(err));
    return checks;
  }

  const needs = (flags.needs ?? READ_PERMISSIONS.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const granted = Array.isArray(eu['permissoes']) ? (eu['permissoes'] as unknown[]).filter((p): p is string => typeof p === 'string') : undefined;
  if (granted === undefined) checks.push({ check: 'permissions', status: 'skip', detail: 'GET /v1/eu did not list permissions; each call will tell (403 ESCOPO_INSUFICIENTE)' });
  else {
    const missing = needs.filter((p) => !granted.includes(p));
    checks.push(
      missing.length === 0
        ? { check: 'permissions', status: 'ok', detail: `has ${needs.join(', ')}` }
        : { check: 'permissions', status: 'block', detail: `missing ${missing.join(', ')}`, fix: 'grant them to this integration in the panel' },
    );
  }

  await probe(checks, 'profile', async () => {
    const conta = (await client.conta.obter()) as Record<string, unknown>;
    return conta['fichaCompleta'] === false
      ? { status: 'block', detail: 'fichaCompleta is false: order creation answers 400 PROFILE_INCOMPLETE', fix: 'complete the partner profile in the panel' }
      : { status: 'ok', detail: 'profile complete' };
  });
  await probe(checks, 'label provider', async () => {
    const conexao = (await client.etiquetas.conexao()) as Record<string, unknown>;
    return conexao['conectado'] === false
      ? { status: 'warn', detail: 'not connected: quoting and issuing labels answer LABEL_PROVIDER_NOT_CONNECTED', fix: 'connect the label provider in the panel' }
      : { status: 'ok', detail: 'connected' };
  });
  await probe(checks, 'storefront', async () => {
    const loja = (await client.lojaHub.obter()) as Record<string, unknown>;
    const publicacao = loja['publicacao'] as Record<string, unknown> | undefined;
    if (publicacao?.['pronta'] === false) return { status: 'warn', detail: `not publishable: ${JSON.stringify(publicacao['pendencias'] ?? publicacao)}`, fix: 'see publicacao in GET /v1/loja-hub' };
    return { status: 'ok', detail: publicacao === undefined ? 'configured' : 'publishable' };
  });

  const aviso = seen.answers.map((a) => a.headers.get('aviso-termos-api')).find((v) => v !== null);
  checks.push(
    aviso
      ? { check: 'API terms', status: 'warn', detail: `new terms pending (Aviso-Termos-Api: ${aviso})`, fix: 'accept them in the panel before the notice period ends' }
      : { check: 'API terms', status: 'ok', detail: 'nothing pending' },
  );
  const deprecated = seen.answers.filter((a) => a.headers.has('deprecation') || a.headers.has('sunset'));
  checks.push(
    deprecated.length > 0
      ? {
          check: 'deprecations',
          status: 'warn',
          detail: `deprecated: ${deprecated.map((a) => `${a.method} ${a.path}${a.headers.get('sunset') ? ` (sunset ${a.headers.get('sunset')})` : ''}`).join(', ')}`,
          fix: 'run `partner-commerce changelog` for what replaces them',
        }
      : { check: 'deprecations', status: 'ok', detail: `none seen in ${seen.answers.length} answers` },
  );
  checks.push(rateBudgetCheck(seen.answers.at(-1)?.headers));
  return checks;
}

/** `partner-commerce doctor`: prints the checklist; exits non-zero when something blocks. */
export async function doctorCommand(flags: DoctorFlags, io: CliIo): Promise<void> {
  const checks = await runDoctor(flags);
  if (flags.json === true) printResult(io, checks, true);
  else {
    const mark: Record<CheckStatus, string> = { ok: '✓', warn: '!', block: '✗', skip: '-' };
    for (const c of checks) {
      io.out(`${mark[c.status]} ${c.check}: ${c.detail}`);
      if (c.fix) io.out(`    fix: ${c.fix}`);
    }
  }
  const blocking = checks.filter((c) => c.status === 'block');
  if (blocking.length > 0) throw new CliFailure(`${blocking.length} check(s) block the integration: ${blocking.map((c) => c.check).join(', ')}`, EXIT.failed);
}

async function probe(checks: DoctorCheck[], check: string, run: () => Promise<Omit<DoctorCheck, 'check'>>): Promise<void> {
  try {
    checks.push({ check, ...(await run()) });
  } catch (err) {
    checks.push(failureCheck(check, err));
  }
}

/** The last answer's X-RateLimit-* headers: present, and how much of the window's budget is left. */
function rateBudgetCheck(headers: Headers | undefined): DoctorCheck {
  const limit = Number(headers?.get('x-ratelimit-limit') ?? NaN);
  const remaining = Number(headers?.get('x-ratelimit-remaining') ?? NaN);
  const reset = headers?.get('x-ratelimit-reset') ?? '?';
  if (!Number.isFinite(limit) || limit <= 0) return { check: 'rate budget', status: 'warn', detail: 'no X-RateLimit-* headers: the SDK will pace itself at 60 per minute' };
  if (!Number.isFinite(remaining)) return { check: 'rate budget', status: 'warn', detail: `X-RateLimit-Limit ${limit} without X-RateLimit-Remaining` };
  const detail = `${remaining} of ${limit} left, X-RateLimit-Reset ${reset}`;
  if (remaining < limit * LOW_BUDGET_SHARE) {
    return {
      check: 'rate budget',
      status: 'warn',
      detail: `${detail}: almost used up, calls will wait for the window`,
      fix: "something else is spending this token's budget (another process, a loop); give it a lower priority or its own integration",
    };
  }
  return { check: 'rate budget', status: 'ok', detail };
}

/** The first call's failure: no answer at all (network, TLS) or an API error that gates every call. */
function connectionCheck(err: unknown): DoctorCheck {
  if (err instanceof ConnectionError && causes(err).some((t) => TLS_FAILURE.test(t))) {
    return { check: 'TLS', status: 'block', detail: err.message, fix: "the server's certificate is not trusted here: check the base URL's host, a proxy that intercepts TLS, NODE_EXTRA_CA_CERTS" };
  }
  return failureCheck('connectivity', err);
}

/** Codes and messages of `err` and its causes. */
function causes(err: unknown): string[] {
  const found: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    for (const v of [(e as { code?: unknown }).code, (e as { message?: unknown }).message]) if (typeof v === 'string') found.push(v);
  }
  return found;
}

function expectedEnvironment(text: string | undefined): Environment | undefined {
  if (text === undefined) return undefined;
  if (text === 'sandbox' || text === 'production') return text;
  throw new CliFailure(`--environment must be sandbox or production (got "${text}")`, EXIT.usage);
}

function failureCheck(check: string, err: unknown): DoctorCheck {
  if (err instanceof ApiError) {
    const gate = ['TERMS_PENDING', 'TERMOS_API_PENDENTES', 'TOKEN_INVALIDO', 'TOKEN_EXPIRADO', 'TOKEN_DE_OUTRO_AMBIENTE', 'CONTA_DESATIVADA', 'API_NAO_LIBERADA', 'INTEGRACAO_SUSPENSA'].includes(
      err.codigo,
    );
    const optional = err.codigo === 'LOJA_HUB_NAO_LIBERADA' || err.codigo === 'ESCOPO_INSUFICIENTE';
    return { check, status: gate ? 'block' : optional ? 'warn' : 'block', detail: `${err.status} ${err.codigo}: ${err.mensagem}`, fix: err.doc };
  }
  if (err instanceof ConnectionError) return { check, status: 'block', detail: err.message, fix: 'check the base URL, DNS, proxy and TLS certificates' };
  return { check, status: 'block', detail: err instanceof Error ? err.message : String(err) };
}

function tlsNote(baseUrl: string): string {
  return baseUrl.startsWith('https:') ? ' over TLS' : ' (plain http: loopback only)';
}

function recording(seen: Seen): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.answers.push({ method: init?.method ?? (input instanceof Request ? input.method : 'GET'), path: url.pathname, headers: response.headers });
    return response;
  };
}
