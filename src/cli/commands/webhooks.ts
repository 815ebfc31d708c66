import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DeadLetter, DeadLetterReplayResult, WebhookHandler } from '../../webhooks/index.js';
import { parseDuration, parseInteger } from '../duration.js';
import { CliFailure, EXIT, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../output.js';
import { terminalText } from '../terminal-text.js';

/** Flags of `partner-commerce webhooks replay-failed`. */
export interface ReplayFailedFlags {
  /** `<module path>[#exportName]`: an ES module exporting the handler made by createWebhookHandler. */
  handler: string;
  limit?: string | undefined;
  json?: boolean | undefined;
}

/** Flags of `partner-commerce webhooks dead-letters`. */
export interface DeadLettersFlags {
  handler: string;
  limit?: string | undefined;
  prune?: string | undefined;
  json?: boolean | undefined;
}

/**
 * Loads the partner's handler: `path` is imported as an ES module (relative to the working directory),
 * and its export `name` (default: `default`, else `handler`) must be a handler with dead letters.
 */
export async function loadHandler(spec: string): Promise<WebhookHandler> {
  const hash = spec.lastIndexOf('#');
  const path = hash > 0 ? spec.slice(0, hash) : spec;
  const name = hash > 0 ? spec.slice(hash + 1) : undefined;
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(isAbsolute(path) ? path : resolve(path)).href)) as Record<string, unknown>;
  } catch (err) {
    throw new CliFailure(`--handler: could not import ${terminalText(path)}: ${terminalText(err instanceof Error ? err.message : String(err))}`, EXIT.usage);
  }
  const value = name !== undefined ? module[name] : (module['default'] ?? module['handler']);
  const handler = value as Partial<WebhookHandler> | undefined;
  if (typeof handler?.replayDeadLetters !== 'function') {
    const which = name ?? 'default (or handler)';
    throw new CliFailure(`--handler: the export ${terminalText(which)} of ${terminalText(path)} is not a handler made by createWebhookHandler`, EXIT.usage);
  }
  if (handler.deadLetters === undefined) throw new CliFailure('--handler: the handler has no deadLetters store: give createWebhookHandler a deadLetters option', EXIT.usage);
  return handler as WebhookHandler;
}

/** Runs the recorded notices again through the partner's handler; exit 1 when any failed again or could not be read. */
export async function replayFailedCommand(flags: ReplayFailedFlags, io: CliIo, stopped: Promise<void>): Promise<ExitCode> {
  const limit = flags.limit === undefined ? undefined : parseInteger(flags.limit, '--limit', 1, 1_000_000);
  const handler = await loadHandler(flags.handler);
  const controller = new AbortController();
  void stopped.then(() => controller.abort());
  let result: DeadLetterReplayResult;
  try {
    result = await handler.replayDeadLetters({ signal: controller.signal, ...(limit === undefined ? {} : { limit }) });
  } finally {
    await handler.close();
  }
  if (flags.json === true) {
    for (const notice of result.notices) io.out(JSON.stringify({ type: 'notice', ...notice }));
    const { notices: _notices, ...counts } = result;
    io.out(JSON.stringify({ type: 'summary', ...counts }));
  } else {
    for (const n of result.notices) {
      io.out(`${n.outcome.padEnd(10)} ${terminalText(n.evento)} ${terminalText(n.id)}${n.error ? `: ${terminalText(n.error.name)}: ${terminalText(n.error.message)}` : ''}`);
    }
    io.out(
      `${result.notices.length} dead letter(s): ${result.replayed} replayed, ${result.duplicates} already handled, ${result.failed} failed again, ` +
        `${result.inFlight} in flight elsewhere, ${result.unhandled} without a handler, ${result.unreadable} unreadable${result.stopped ? ' (stopped)' : ''}`,
    );
  }
  if (result.stopped) return EXIT.interrupted;
  return result.failed > 0 || result.unreadable > 0 ? EXIT.failed : EXIT.ok;
}

/** Lists the recorded notices (without their bodies), or prunes those older than `--prune`. */
export async function deadLettersCommand(flags: DeadLettersFlags, io: CliIo): Promise<void> {
  const limit = flags.limit === undefined ? 100 : parseInteger(flags.limit, '--limit', 1, 1_000_000);
  const olderThanMs = flags.prune === undefined ? undefined : parseDuration(flags.prune, '--prune');
  const handler = await loadHandler(flags.handler);
  const store = handler.deadLetters!;
  try {
    if (olderThanMs !== undefined) {
      const pruned = await store.prune({ olderThanMs });
      io.out(flags.json === true ? JSON.stringify({ pruned }) : `${pruned} dead letter(s) pruned (last failure older than ${terminalText(flags.prune!)})`);
      return;
    }
    const letters: DeadLetter[] = [];
    for (let page = await store.list({ limit: Math.min(limit, 100) }); page.length > 0 && letters.length < limit;) {
      letters.push(...page.slice(0, limit - letters.length));
      page = letters.length < limit ? await store.list({ limit: Math.min(limit - letters.length, 100), after: page[page.length - 1]!.id }) : [];
    }
    for (const { body: _body, ...letter } of letters) {
      if (flags.json === true) io.out(JSON.stringify(letter));
      else {
        io.out(
          `${terminalText(letter.id)} ${terminalText(letter.evento)}${letter.item ? ` (item ${terminalText(letter.item)})` : ''} attempts ${letter.attempts}, ` +
            `last ${new Date(letter.lastFailedAt).toISOString()}: ${terminalText(letter.error.name)}: ${terminalText(letter.error.message)}`,
        );
      }
    }
    if (flags.json !== true) io.out(`${letters.length} dead letter(s)`);
  } finally {
    await handler.close();
  }
}
