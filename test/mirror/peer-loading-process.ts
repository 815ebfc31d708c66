/**
 * For test/mirror/peer-loading.test.ts: records every package this process resolves (a module hook),
 * imports `partner-commerce/mirror`, uses the memory store, and prints which optional peers were loaded;
 * then opens the embedded store (which must load PGlite) and prints again. The embedded store opens in
 * the folder PC_PGLITE_FOLDER names, a copy of the run's initialised template (PGlite's own initdb, in
 * a fresh folder, took this child past a minute on a loaded machine).
 */
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const resolved = new Set<string>();
const waiting = new Map<string, () => void>();
port1.on('message', (specifier: string) => {
  resolved.add(specifier);
  waiting.get(specifier)?.();
});
port1.unref();
const hook = `
let port;
export async function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) { port.postMessage(specifier); return next(specifier, context); }
`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });
const peers = () => ['@electric-sql/pglite', 'pg'].filter((p) => resolved.has(p));

/**
 * The hook reports from its own thread, one port, in order: once a marker resolved after the step has
 * arrived, every resolve before it has arrived too.
 */
let markers = 0;
async function settle(): Promise<void> {
  const marker = `data:text/javascript,export default ${++markers}`;
  const arrived = new Promise<void>((resolve) => waiting.set(marker, resolve));
  await import(marker);
  await arrived;
}

const folder = process.env.PC_PGLITE_FOLDER;
if (!folder) throw new Error('PC_PGLITE_FOLDER: a PGlite data folder to open');
const { createMirror, createMemoryStore, createPgliteStore } = await import('../../src/mirror/index.js');
const source = {
  produtos: {
    listar: () => {
      throw new Error('unused');
    },
    obter: () => {
      throw new Error('unused');
    },
  },
};
const mirror = createMirror({ client: source, store: createMemoryStore() });
await mirror.status();
await settle();
console.log(JSON.stringify({ step: 'memory', peers: peers() }));
const store = createPgliteStore({ dataDir: folder });
await store.open();
await store.close();
await settle();
console.log(JSON.stringify({ step: 'pglite', peers: peers() }));
