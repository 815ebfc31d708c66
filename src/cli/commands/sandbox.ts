import { parseDuration, parseInteger, parseShare } from '../duration.js';
import type { FakeWebhookFaults } from '../../testing/webhooks/types.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { CliIo } from '../output.js';
import { SandboxJournal } from '../sandbox/journal.js';
import { defaultJournalDir, replayJournal, startSandbox, type Sandbox } from '../sandbox/start-sandbox.js';
import type { DeliveryAttempt } from '../sandbox/forwarder.js';

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
  forwardTo?: string | undefined;
  secret?: string | undefined;
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
  const journalDir = flags.journalDir ?? defaultJournalDir();
  const secret = flags.secret ?? process.env['PARTNER_COMMERCE_SANDBOX_SECRET'] ?? new SandboxJournal(journalDir).secret();
  if (flags.printSecret === true) return io.out(flags.json === true ? JSON.stringify({ secret }) : secret);
  const report = (a: DeliveryAttempt) =>
    io.out(
      flags.json === true
        ? JSON.stringify({ type: 'delivery', ...a })
        : `  ↳ ${a.evento} ${a.eventId} attempt ${a.attempt}: ${a.status ?? 'no answer'}${a.error ? ` (${a.error})` : ''} in ${a.ms} ms${a.willRetry ? ', will retry' : ''}`,
    );
  if (flags.replay === true) {
    if (!flags.forwardTo) throw usage('--replay needs --forward-to');
    const since = new Date(Date.now() - parseDuration(flags.since ?? '1h', '--since'));
    const attempts = await replayJournal({ forwardTo: flags.forwardTo, since, journalDir, secret, onDelivery: report });
    const failed = attempts.filter((a) => a.error !== undefined).length;
    if (flags.json !== true) io.out(`replayed ${attempts.length} notice(s) since ${since.toISOString()}, ${failed} failed`);
    if (failed > 0) throw new CliFailure(`${failed} of ${attempts.length} replayed notice(s) were not accepted by ${flags.forwardTo}`, EXIT.failed);
    return;
  }
  const sandbox: Sandbox = await startSandbox({
    port: flags.port === undefined ? 0 : parseInteger(flags.port, '--port', 0, 65535),
    catalogSize: flags.catalogSize === undefined ? undefined : parseInteger(flags.catalogSize, '--catalog-size', 0, 9999),
    rateLimit: parseRateLimit(flags.rateLimit),
    stockWebhookDelayMs: flags.stockDelay === undefined ? undefined : parseDuration(flags.stockDelay, '--stock-delay'),
    sendNulls: flags.sendNulls === true,
    webhookFaults: faultsFrom(flags),
    forwardTo: flags.forwardTo,
    secret,
    journalDir,
    onEvent: (e) => io.out(flags.json === true ? JSON.stringify({ type: 'event', id: e.id, evento: e.evento, event: e }) : `→ ${e.evento} ${e.id}`),
    onDelivery: report,
  });
  if (flags.json === true) io.out(JSON.stringify({ type: 'listening', url: sandbox.url, forwardTo: flags.forwardTo ?? null, journalDir }));
  else {
    io.out(`Sandbox listening on ${sandbox.url}`);
    io.out(`  export PARTNER_COMMERCE_BASE_URL=${sandbox.url} PARTNER_COMMERCE_TOKEN=svc_sbx_local`);
    if (flags.forwardTo) io.out(`  forwarding notices to ${flags.forwardTo}, signed (header x-fake-signature, verify with sandboxSignatureVerifier or verifyFakeWebhook; secret: partner-commerce sandbox --print-secret)`);
    io.out('  Ctrl-C to stop');
  }
  await stopped;
  await sandbox.close();
}

function parseRateLimit(text: string | undefined): { limit: number; windowMs: number } | false | undefined {
  if (text === undefined) return undefined;
  if (text === 'off') return false;
  const [n, window] = text.split('/');
  if (n === undefined || window === undefined) throw usage(`--rate-limit must be N/window like 60/60s, or off (got "${text}")`);
  return { limit: parseInteger(n, '--rate-limit', 1, 1_000_000), windowMs: parseDuration(window, '--rate-limit') };
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
