import { isApiError } from '../../errors/api-error.js';
import { ConnectionError } from '../../errors/connection-error.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { readEnv } from '../../internal/env.js';
import type { PartnerCommerce } from '../../client.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { printResult, type CliIo } from '../output.js';

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
  json?: boolean | undefined;
}

/** Answers the API sent during the checks, for the checks that read headers. */
interface Seen {
  headers: Headers[];
}

/**
 * Checks an integration end to end and returns the checklist (token, base URL, connectivity,
 * permissions, profile, label provider, storefront, API terms, deprecations, rate budget).
 */
export async function runDoctor(flags: DoctorFlags): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const token = flags.token ?? readEnv('PARTNER_COMMERCE_TOKEN');
  const baseUrl = flags.baseUrl ?? readEnv('PARTNER_COMMERCE_BASE_URL');
  const environment = token?.startsWith('svc_sbx_') ? 'sandbox' : token?.startsWith('svc_prod_') ? 'production' : undefined;
  if (!token) checks.push({ check: 'token', status: 'block', detail: 'no token', fix: 'pass --token or set PARTNER_COMMERCE_TOKEN (created per integration in the panel)' });
  else if (!environment) checks.push({ check: 'token', status: 'block', detail: 'not a partner token (svc_sbx_… or svc_prod_…)', fix: 'copy the token again from the panel' });
  else checks.push({ check: 'token', status: 'ok', detail: `${environment} token present (not shown)` });
  if (!baseUrl) checks.push({ check: 'base URL', status: 'block', detail: 'no base URL', fix: 'pass --base-url or set PARTNER_COMMERCE_BASE_URL' });
  if (!token || !environment || !baseUrl) return checks;

  const seen: Seen = { headers: [] };
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
    eu = (await client.conta.eu()) as Record<string, unknown>;
    checks.push({ check: 'connectivity', status: 'ok', detail: `GET /v1/eu answered${tlsNote(baseUrl)}` });
  } catch (err) {
    checks.push(failureCheck('connectivity', err));
    return checks;
  }

  const needs = (flags.needs ?? READ_PERMISSIONS.join(',')).split(',').map((p) => p.trim()).filter(Boolean);
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

  const aviso = seen.headers.map((h) => h.get('aviso-termos-api')).find((v) => v !== null);
  checks.push(aviso ? { check: 'API terms', status: 'warn', detail: `new terms pending (Aviso-Termos-Api: ${aviso})`, fix: 'accept them in the panel before the notice period ends' } : { check: 'API terms', status: 'ok', detail: 'nothing pending' });
  const deprecated = seen.headers.some((h) => h.has('deprecation') || h.has('sunset'));
  checks.push(deprecated ? { check: 'deprecations', status: 'warn', detail: 'a route answered with Deprecation/Sunset', fix: 'run `partner-commerce changelog`' } : { check: 'deprecations', status: 'ok', detail: 'none seen' });
  const last = seen.headers.at(-1);
  const limit = last?.get('x-ratelimit-limit');
  checks.push(
    limit
      ? { check: 'rate budget', status: 'ok', detail: `${last?.get('x-ratelimit-remaining') ?? '?'} of ${limit} left, window resets at ${last?.get('x-ratelimit-reset') ?? '?'}` }
      : { check: 'rate budget', status: 'warn', detail: 'no X-RateLimit-* headers: the SDK will pace itself at 60 per minute' },
  );
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

function failureCheck(check: string, err: unknown): DoctorCheck {
  if (isApiError(err)) {
    const gate = ['TERMS_PENDING', 'TERMOS_API_PENDENTES', 'TOKEN_INVALIDO', 'TOKEN_EXPIRADO', 'TOKEN_DE_OUTRO_AMBIENTE', 'CONTA_DESATIVADA', 'API_NAO_LIBERADA', 'INTEGRACAO_SUSPENSA'].includes(err.codigo);
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
    seen.headers.push(response.headers);
    return response;
  };
}
