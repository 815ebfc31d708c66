/**
 * For test/mirror/peer-loading.test.ts: records every package this process resolves (a module hook),
 * imports `partner-commerce/mirror`, uses the memory store, and prints which optional peers were loaded;
 * then opens the embedded store (which must load PGlite) and prints again.
 */
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const resolved = new Set<string>();
port1.on('message', (specifier: string) => resolved.add(specifier));
port1.unref();
const hook = `
let port;
export async function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) { port.postMessage(specifier); return next(specifier, context); }
`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });
const peers = () => ['@electric-sql/pglite', 'pg'].filter((p) => resolved.has(p));
// Hook messages arrive asynchronously: a turn of the event loop before reading them.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const { createMirror, createMemoryStore, createPgliteStore } = await import('../../src/mirror/index.js');
const source = { produtos: { listar: () => { throw new Error('unused'); }, obter: () => { throw new Error('unused'); } } };
const mirror = createMirror({ client: source as never, store: createMemoryStore() });
await mirror.status();
await settle();
console.log(JSON.stringify({ step: 'memory', peers: peers() }));
const store = createPgliteStore();
await store.open();
await store.close();
await settle();
console.log(JSON.stringify({ step: 'pglite', peers: peers() }));
