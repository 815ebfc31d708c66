#!/usr/bin/env node
import { runCli } from './program.js';

// The `partner-commerce` executable: exit code from the command, never an unhandled rejection.
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Servers and timers of a finished command must not keep the process alive (Ctrl-C included).
  setImmediate(() => process.exit(code));
});
