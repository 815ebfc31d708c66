import { describe, expect, it } from 'vitest';
import { runAgentBench } from '../../bench/mcp-agent.js';

// The twenty scripted agent questions of bench/mcp-agent.ts (bench/README.md, "MCP: twenty agent
// questions"), held to what the table claims: search finds each operation, nothing fails or leaks,
// the budget never answers 429, catalog questions cost no API call with a mirror, and the default
// tool list stays small.
describe('the agent bench', () => {
  it('answers all twenty questions both ways with 0 failures, 0 429s, 0 token leaks and 0 API calls for catalog questions', async () => {
    const { listBytes, costs } = await runAgentBench();
    expect(listBytes.default).toBeLessThanOrEqual(4000);
    for (const mode of ['default', 'known', 'all'] as const) {
      expect(costs[mode]).toHaveLength(20);
      for (const cost of costs[mode]) {
        expect(cost, `${mode}: ${cost.question}`).toMatchObject({ found: true, errors: 0, leaks: 0, status429: 0 });
        expect(cost.apiCalls, `${mode}: ${cost.question}`).toBe(cost.catalog ? 0 : 1);
      }
    }
  });
});
