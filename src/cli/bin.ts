#!/usr/bin/env node
import { EXIT } from './exit-codes.js';
import { runCli } from './program.js';

// A reader that went away (`| head`) cannot get the output whole: stop, and say so by the exit code.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => process.exit(EXIT.failed));

// The `partner-commerce` executable: exit code from the command, never an unhandled rejection.
void runCli(process.argv.slice(2)).then(async (code) => {
  process.exitCode = code;
  // A pipe takes 64 KiB at once and Node keeps the rest in memory, which process.exit drops: wait until
  // a slow reader (`| (sleep 1; jq .)`) has everything.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  // Servers and timers of a finished command must not keep the process alive (Ctrl-C included).
  process.exit(code);
});

/** Resolves once everything written to `stream` so far has reached the OS (writes complete in order). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => void stream.write('', () => resolve()));
}
