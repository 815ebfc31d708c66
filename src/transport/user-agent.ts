import { VERSION } from '../version.js';

/** @internal `partner-commerce/<sdk> <runtime>/<version>`, read once. */
export const USER_AGENT = `partner-commerce/${VERSION} ${runtime()}`;

function runtime(): string {
  const g = globalThis as { Bun?: { version: string }; Deno?: { version: { deno: string } }; process?: { versions?: { node?: string } }; navigator?: { userAgent?: string } };
  if (g.Bun) return `bun/${g.Bun.version}`;
  if (g.Deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return 'runtime/unknown';
}
