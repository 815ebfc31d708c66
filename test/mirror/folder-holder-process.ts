/**
 * For test/mirror/folder-lock.test.ts: takes the embedded store's folder lock of argv[2] (the very
 * function the store's open() calls before PGlite touches the folder; PGlite itself is left out, it
 * takes seconds to start), prints `{"step":"holding","pid":…}` and waits for a line on stdin: `die`
 * SIGKILLs this process at that named point (holding the folder, as a crash leaves it); `exit`
 * releases the lock and exits.
 */
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { lockFolder } from '../../src/mirror/store/folder-lock.js';

mkdirSync(process.argv[2]!, { recursive: true });
const lock = await lockFolder(process.argv[2]!);
console.log(JSON.stringify({ step: 'holding', pid: process.pid }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'die') process.kill(process.pid, 'SIGKILL');
  if (line === 'exit') break;
}
await lock?.release();
process.stdin.destroy();
