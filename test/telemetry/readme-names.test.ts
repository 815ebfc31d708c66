import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATTR, METRIC, RATE_LIMIT_WAIT_EVENT } from '../../src/telemetry/names.js';

// The README's list of spans, attributes and metrics is what partners build dashboards from: every
// name the SDK records is in it.
const readme = readFileSync('README.md', 'utf8');
const section = readme.slice(readme.indexOf('## Observability'), readme.indexOf('## Command line'));

describe('README, Observability', () => {
  it.each([...Object.values(ATTR), ...Object.values(METRIC), RATE_LIMIT_WAIT_EVENT])('lists %s', (name) => {
    expect(section).toContain(`\`${name}\``);
  });
});
