/**
 * For test/mirror/pg-restart.test.ts: a mirror on the Postgres at argv[2], over an in-process fake API,
 * driven by lines on stdin. `follow-paused` starts a follow that stops at the named point "paused"
 * (inside its first API call, holding its run lock's connection) until `continue`; `follow` runs one
 * follow; `exit` closes the mirror and exits 0. Each run prints one JSON line of how it ended.
 */
import { createInterface } from 'node:readline';
import { PartnerCommerceError } from '../../src/index.js';
import { createMirror, createPostgresStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';

const fake = createFakeApi({ catalogSize: 20, rateLimit: false });
let pause: (() => Promise<void>) | undefined;
let resume: (() => void) | undefined;
const fetch: typeof globalThis.fetch = async (input, init) => {
  const wait = pause;
  pause = undefined;
  await wait?.();
  return fake.fetch(input, init);
};
const mirror = createMirror({ client: testClient(fetch), store: createPostgresStore({ connectionString: process.argv[2]!, max: 3 }) });
const say = (line: object) => console.log(JSON.stringify(line));

const run = (step: string) =>
  mirror.follow().then(
    (r) => say({ step, ok: true, kind: r.kind }),
    (err: unknown) => say({ step, ok: false, family: err instanceof PartnerCommerceError, name: (err as Error).name, message: (err as Error).message }),
  );

await mirror.backfill();
say({ step: 'ready' });
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'follow-paused') {
    pause = () => new Promise<void>((resolve) => ((resume = resolve), say({ step: 'paused' })));
    void run('in-flight');
  } else if (line === 'continue') resume?.();
  else if (line === 'follow') await run('after');
  else if (line === 'exit') break;
}
await mirror.close();
await mirror.close();
say({ step: 'closed' });
process.stdin.destroy();
