import { fetchChangelog } from '../../index.js';
import { readEnv } from '../../internal/env.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { printResult, type CliIo } from '../output.js';

/** Flags of `partner-commerce changelog`. */
export interface ChangelogFlags {
  /** Root of the API documentation site (it serves /changelog.json); else PARTNER_COMMERCE_DOCS_URL. */
  docsUrl?: string | undefined;
  json?: boolean | undefined;
}

/** Lists the changes of the API changelog that need action (security, deprecations, changes with an action). */
export async function changelogCommand(flags: ChangelogFlags, io: CliIo): Promise<void> {
  const docsUrl = flags.docsUrl ?? readEnv('PARTNER_COMMERCE_DOCS_URL');
  if (!docsUrl) throw new CliFailure('pass --docs-url or set PARTNER_COMMERCE_DOCS_URL (the API documentation site)', EXIT.usage);
  const { actionsNeeded } = await fetchChangelog(docsUrl);
  if (flags.json === true) return printResult(io, actionsNeeded, true);
  if (actionsNeeded.length === 0) return io.out('Nothing in the changelog needs action.');
  for (const a of actionsNeeded) {
    io.out(`${a.data ?? 'unpublished'} ${a.versao} [${a.tipo}] ${a.area}: ${a.texto}`);
    if (a.acao) io.out(`  action: ${a.acao}`);
    if (a.link) io.out(`  ${a.link}`);
  }
}
