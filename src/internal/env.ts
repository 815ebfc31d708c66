/** Environment a token belongs to. */
export type Environment = 'sandbox' | 'production';

/** The shape of a partner token: its prefix names its environment; visible ASCII, no spaces. */
const TOKEN = /^svc_(sbx|prod)_[\x21-\x7e]+$/;

/**
 * Reads an environment variable where the runtime has one (edge runtimes and Deno without
 * --allow-env have none), trimmed; blank counts as unset, as a shell's `FOO=` means "not set".
 */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  } catch {
    return undefined;
  }
}

/** The environment of a partner token (`svc_sbx_…` sandbox, `svc_prod_…` production), or undefined when it is none. */
export function tokenEnvironment(token: unknown): Environment | undefined {
  const prefix = typeof token === 'string' ? TOKEN.exec(token)?.[1] : undefined;
  return prefix === undefined ? undefined : prefix === 'prod' ? 'production' : 'sandbox';
}
