#!/usr/bin/env node
// Prints what failed in one or more vitest JSON reports, plainly enough to quote in a closing note:
// each failing test's file, name, duration and the first lines of its failure, and each file that
// failed outside a test (a load error, an error after the tests). Exits 1 when anything failed.
// Usage: node .ci/failed-tests.mjs <report.json>...
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

// A report holds what the tests printed; a terminal gets no raw control characters from it.
const plain = (text) =>
  String(text)
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');
const firstLines = (text, n = 6) =>
  plain(text)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, n)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n');

let anyFailed = false;
for (const path of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    console.log(`${path}: no readable report (${plain(err.message)})`);
    anyFailed = true;
    continue;
  }
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failed) {
      lines.push(`  FAIL ${name} > ${plain(test.fullName)} (${Math.round(test.duration ?? 0)} ms)\n${firstLines((test.failureMessages ?? []).join('\n'))}`);
    }
    if (file.status === 'failed' && failed.length === 0) lines.push(`  FAIL ${name} (outside any test)\n${firstLines(file.message || 'no message')}`);
  }
  if (report.success === false && lines.length === 0) lines.push('  FAIL the run itself (an unhandled error or rejection; vitest printed it above)');
  const summary = `${path}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`;
  console.log(lines.length ? `${summary}\n${lines.join('\n')}` : summary);
  if (lines.length) anyFailed = true;
}
process.exit(anyFailed ? 1 : 0);
