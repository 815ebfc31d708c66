import { createMirror, serveMirror, type MirrorSource } from '../../mirror/index.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { parseDuration, parseInteger } from '../duration.js';
import { CliFailure, EXIT, type ExitCode } from '../exit-codes.js';
import { storeFrom } from '../mirror/store-from.js';
import type { CliIo } from '../output.js';
import { DEFAULT_MIRROR_DIR } from './mirror.js';

/** Flags of `partner-commerce mirror serve`. */
export interface MirrorServeFlags extends ConnectionFlags {
  /** Folder of the embedded store. */
  dir?: string | undefined;
  /** Postgres connection string; else PARTNER_COMMERCE_MIRROR_POSTGRES. */
  postgres?: string | undefined;
  /** Address to bind. */
  host?: string | undefined;
  /** Port to bind. */
  port?: string | undefined;
  /** Bearer token readers must send; else PARTNER_COMMERCE_MIRROR_FEED_TOKEN. Required beyond loopback. */
  feedToken?: string | undefined;
  /** Time between follows, e.g. `60s`. */
  interval?: string | undefined;
  /** False with `--no-sync`: serve what the store holds, call no API. */
  sync?: boolean | undefined;
  json?: boolean | undefined;
}

/**
 * Serves the mirror's change feed over HTTP (serveMirror) until Ctrl-C, and, unless `--no-sync`,
 * keeps the mirror current with a follow every `--interval` (the backfill first, when none finished).
 * Prints the feed's URL; never its token.
 */
export async function mirrorServeCommand(flags: MirrorServeFlags, io: CliIo, stopped: Promise<void>): Promise<ExitCode> {
  if (flags.dir !== undefined && flags.postgres !== undefined) throw new CliFailure('give --dir or --postgres, not both', EXIT.usage);
  const port = parseInteger(flags.port ?? '4437', '--port', 0, 65_535);
  const intervalMs = parseDuration(flags.interval ?? '60s', '--interval');
  const { store, where } = storeFrom(flags.postgres, flags.dir ?? DEFAULT_MIRROR_DIR, '--postgres');
  const sync = flags.sync !== false;
  // Without sync no call is made, so no token is needed: a source that would refuse stands in.
  const mirror = createMirror({ client: sync ? clientFrom(flags) : OFFLINE, store });
  try {
    const feed = await serveMirror({ mirror, host: flags.host ?? '127.0.0.1', port, token: flags.feedToken }).catch((err: unknown) => {
      // The option names of serveMirror, as the flags that set them.
      if (err instanceof InvalidInputError) {
        throw new CliFailure(err.issues.map((i) => `--${i.path === 'token' ? 'feed-token' : i.path} ${i.message}`).join('; '), EXIT.usage);
      }
      throw err;
    });
    const stop = sync ? mirror.start({ intervalMs, onError: (err) => io.err(`warning: follow failed: ${err instanceof Error ? err.message : String(err)}`) }) : undefined;
    io.out(
      flags.json === true
        ? JSON.stringify({ type: 'serving', url: feed.url, store: where, sync })
        : `change feed at ${feed.url} (store ${where}${sync ? `, following every ${flags.interval ?? '60s'}` : ', not syncing'}); Ctrl-C stops`,
    );
    await stopped;
    await stop?.();
    await feed.close();
    if (flags.json === true) io.out(JSON.stringify({ type: 'stopped' }));
    return EXIT.ok;
  } finally {
    await mirror.close();
  }
}

const offline = (): never => {
  throw new CliFailure('mirror serve --no-sync calls no API', EXIT.failed);
};
const OFFLINE: MirrorSource = { produtos: { listar: offline, obter: offline } };
