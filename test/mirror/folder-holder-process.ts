/**
 * For test/mirror/folder-lock.test.ts: takes the embedded store's folder lock of argv[2] (the very
 * function the store's open() calls before PGlite touches the folder; PGlite itself is left out, it
 * takes seconds to start), or with argv[3] `file` the SQLite store's lock of the database file argv[2], prints `{"step":"holding","pid":…}`
 * (or `{"step":"refused","name":…,"pid":…}` with the holder's pid, and exits, when another process holds it) and waits for a line on stdin: `die`
 * SIGKILLs this process at that named point (holding the folder, as a crash leaves it); `exit`
 * releases the lock and exits.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { lockDatabaseFile, lockFolder } from '../../src/mirror/store/folder-lock.js';

const [target, mode] = process.argv.slice(2) as [string, string | undefined];
mkdirSync(mode === 'file' ? dirname(target) : target, { recursive: true });
let lock: Awaited<ReturnType<typeof lockFolder>>;
try {
  lock = mode === 'file' ? await lockDatabaseFile(target) : await lockFolder(target);
} catch (err) {
  const { name, holder } = err as { name?: string; holder?: { pid?: number } };
  console.log(JSON.stringify({ step: 'refused', name, pid: holder?.pid }));
  process.exit(0);
}
console.log(JSON.stringify({ step: 'holding', pid: process.pid }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'die') process.kill(process.pid, 'SIGKILL');
  if (line === 'exit') break;
}
await lock?.release();
process.stdin.destroy();
