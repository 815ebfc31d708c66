import { readEnv } from '../../internal/env.js';
import { parseDuration, parseInteger, parseShare } from '../duration.js';
import type { FakeWebhookFaults } from '../../testing/index.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { CliIo } from '../output.js';
import { SANDBOX_CONTROL_SECRET_ENV } from '../products/product-trigger.js';
import { checkEventKinds, checkForwardTargets } from '../sandbox/forward-targets.js';
import { SandboxJournal } from '../sandbox/journal.js';
import { defaultJournalDir, replayJournal, startSandbox, type LocalSandbox } from '../sandbox/start-sandbox.js';
import type { DeliveryAttempt } from '../sandbox/forwarder.js';
import { terminalText } from '../terminal-text.js';

/** Flags of `partner-commerce sandbox`. */
export interface SandboxFlags {
  port?: string | undefined;
  catalogSize?: string | undefined;
  /** `N/window`, e.g. `60/60s`, or `off`. */
  rateLimit?: string | undefined;
  stockDelay?: string | undefined;
  sendNulls?: boolean | undefined;
  drop?: string | undefined;
  duplicate?: string | undefined;
  delay?: string | undefined;
  reorder?: string | undefined;
  faultDelay?: string | undefined;
  faultSeed?: string | undefined;
  /** Receivers: the option repeated, or several URLs after it. */
  forwardTo?: string | readonly string[] | undefined;
  /** Event kinds to print and forward, comma-separated. */
  events?: string | undefined;
  /** Signing secrets, the option repeated (a rotation: the current one first). */
  secret?: string | readonly string[] | undefined;
  printSecret?: boolean | undefined;
  journalDir?: string | undefined;
  replay?: boolean | undefined;
  since?: string | undefined;
  json?: boolean | undefined;
}

/**
 * Serves the local sandbox until Ctrl-C, printing each notice and each delivery; or, with
 * `--print-secret`, prints the signing secret; or, with `--replay`, delivers the journaled notices again.
 */
export async function sandboxCommand(flags: SandboxFlags, io: CliIo, stopped: Promise<void>): Promise<void> {
  // Every flag is checked before the folder is touched or a port opened.
  const forwardTo = checkForwardTargets(flags.forwardTo, '--forward-to');
  const events =
    flags.events === undefined
      ? undefined
      : flags.events
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k !== '');
  checkEventKinds(events, '--events');
  const kit = {
    port: flags.port === undefined ? 0 : parseInteger(flags.port, '--port', 0, 65535),
    catalogSize: flags.catalogSize === undefined ? undefined : parseInteger(flags.catalogSize, '--catalog-size', 0, 9999),
    rateLimit: parseRateLimit(flags.rateLimit),
    stockWebhookDelayMs: flags.stockDelay === undefined ? undefined : parseDuration(flags.stockDelay, '--stock-delay'),
    sendNulls: flags.sendNulls === true,
    webhookFaults: faultsFrom(flags),
  };
  const since = flags.replay === true ? new Date(Date.now() - parseDuration(flags.since ?? '1h', '--since')) : undefined;
  if (flags.replay === true && forwardTo.length === 0) throw usage('--replay needs --forward-to');
  const journalDir = flags.journalDir ?? defaultJournalDir();
  const journal = new SandboxJournal(journalDir);
  const secrets = checkSecrets(flags.secret ?? readEnv('PARTNER_COMMERCE_SANDBOX_SECRET') ?? journal.secret());
  const secret = secrets[0]!;
  if (flags.printSecret === true) {
    if (flags.json === true) return io.out(JSON.stringify({ secret, secrets, controlSecret: journal.controlSecret() }));
    for (const s of secrets) io.out(s);
    return;
  }
  const report = (a: DeliveryAttempt) =>
    io.out(
      flags.json === true
        ? JSON.stringify({ type: 'delivery', ...a })
        : `  ↳ ${a.evento} ${a.eventId} → ${terminalText(a.url)} attempt ${a.attempt}: ${a.status ?? 'no answer'}${a.error ? ` (${terminalText(a.error)})` : ''} in ${a.ms} ms${a.willRetry ? ', will retry' : ''}`,
    );
  if (since !== undefined) {
    const attempts = await replayJournal({ forwardTo, events, since, journalDir, secret: secrets, onDelivery: report });
    const failed = attempts.filter((a) => a.error !== undefined).length;
    if (flags.json !== true) io.out(`replayed ${attempts.length / forwardTo.length} notice(s) to ${forwardTo.length} receiver(s) since ${since.toISOString()}, ${failed} delivery(ies) failed`);
    if (failed > 0) throw new CliFailure(`${failed} of ${attempts.length} replayed deliveries were not accepted by ${forwardTo.map(terminalText).join(', ')}`, EXIT.failed);
    return;
  }
  const sandbox: LocalSandbox = await startSandbox({
    ...kit,
    forwardTo,
    events,
    secret: secrets,
    controlSecret: journal.controlSecret(),
    journalDir,
    onEvent: (e) => io.out(flags.json === true ? JSON.stringify({ type: 'event', id: e.id, evento: e.evento, event: e }) : `→ ${terminalText(e.evento)} ${terminalText(e.id)}`),
    onDelivery: report,
  });
  if (flags.json === true) {
    io.out(
      JSON.stringify({ type: 'listening', url: sandbox.url, forwardTo, events: events ?? null, journalDir, secret: sandbox.secret, secrets: sandbox.secrets, controlSecret: sandbox.controlSecret }),
    );
  } else {
    for (const line of banner(sandbox, forwardTo, events)) io.out(line);
  }
  await stopped;
  await sandbox.close();
}

/**
 * What a person needs to use the sandbox, `stripe listen` style: the secret itself (right for any
 * --journal-dir or --secret, unlike a command to print it), and the variables `trigger` reads.
 */
function banner(sandbox: LocalSandbox, forwardTo: readonly string[], events: readonly string[] | undefined): string[] {
  return [
    `Sandbox listening on ${sandbox.url}`,
    `  export PARTNER_COMMERCE_BASE_URL=${sandbox.url} PARTNER_COMMERCE_TOKEN=svc_sbx_local ${SANDBOX_CONTROL_SECRET_ENV}=${sandbox.controlSecret}`,
    ...(sandbox.secrets.length === 1
      ? [`  Your webhook signing secret is ${sandbox.secret}`, '  (header x-fake-signature: verify with webhookSignatureVerifier(secret) from partner-commerce/testing)']
      : [
          `  Rotating: every notice is signed with ${sandbox.secrets.length} secrets, the current one first: ${sandbox.secrets.join(', ')}`,
          '  (header x-fake-signature, one v1 per secret: webhookSignatureVerifier(secret) accepts it with any one of them)',
        ]),
    ...forwardTo.map((url) => `  forwarding ${events === undefined ? 'every notice' : events.join(', ')} to ${terminalText(url)}, signed; redirects are not followed`),
    '  Ctrl-C to stop',
  ];
}

/** The --secret values (or the one from the environment or the journal), each non-empty, at most 8. */
function checkSecrets(given: string | readonly string[]): string[] {
  const secrets = typeof given === 'string' ? [given] : [...given];
  if (secrets.some((s) => s.trim() === '')) throw usage('--secret must not be empty');
  if (secrets.length > 8) throw usage(`--secret given ${secrets.length} times: at most 8 (a rotation needs two)`);
  return secrets;
}

function parseRateLimit(text: string | undefined): { perMinute: number; windowMs: number } | false | undefined {
  if (text === undefined) return undefined;
  if (text === 'off') return false;
  const [n, window] = text.split('/');
  if (n === undefined || window === undefined) throw usage(`--rate-limit must be N/window like 60/60s, or off (got "${text}")`);
  return { perMinute: parseInteger(n, '--rate-limit', 1, 1_000_000), windowMs: parseDuration(window, '--rate-limit') };
}

/** The delivery-fault flags as the kit's `webhookFaults`; undefined when none is given. */
function faultsFrom(flags: SandboxFlags): FakeWebhookFaults | undefined {
  const shares = { drop: flags.drop, duplicate: flags.duplicate, delay: flags.delay, reorder: flags.reorder };
  if (Object.values(shares).every((v) => v === undefined)) {
    if (flags.faultDelay !== undefined || flags.faultSeed !== undefined) throw usage('--fault-delay and --fault-seed need a fault: --drop, --duplicate, --delay or --reorder');
    return undefined;
  }
  const faults: FakeWebhookFaults = {};
  for (const [name, value] of Object.entries(shares)) if (value !== undefined) faults[name as keyof typeof shares] = parseShare(value, `--${name}`);
  if (flags.faultDelay !== undefined) faults.delayMs = parseDuration(flags.faultDelay, '--fault-delay');
  if (flags.faultSeed !== undefined) faults.seed = flags.faultSeed;
  return faults;
}

function usage(message: string): CliFailure {
  return new CliFailure(message, EXIT.usage);
}
