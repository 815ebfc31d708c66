import * as z from 'zod/mini';
import { checkOptions } from '../../errors/check-options.js';
import { once } from '../../internal/once.js';
import type { ServerTools } from '../default-tools/server-tools.js';
import { idOf } from '../default-tools/server-tools.js';
import { errorBody } from '../error-body.js';
import { writesAllowed } from '../tool-set.js';
import type { McpTool } from '../tool.js';
import { toolResult } from '../tool-result.js';
import { runScript, type CallAnswer } from './run-script.js';
import type { ResolvedScriptLimits } from './script-limits.js';

const MAX_CODE = 20_000;
const scriptInput = once(() => z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(MAX_CODE)) }));

/** Longest input a script's call may send: a page's filters or an order, not a file. */
const MAX_CALL_INPUT = 64 * 1024;

const FIX: Record<string, string> = {
  error: 'Read mensagem, correct the code and run it again.',
  timeout: 'Do less per run: fewer pages, or ask a narrower question.',
  memory: 'Keep less in memory: project with fields, and summarise as you go.',
  output: 'Return less: only the fields and records the question needs.',
  crash: "Run it again; if it keeps failing, report it to the server's operator.",
};

/**
 * @internal `execute_script`: the model's JavaScript, run in a locked-down process of its own (see
 * run-script.ts), with `api.call(operation, input)` answered by `execute` here: the same checks, the
 * same write rules, the budget at the server's priority. A write's Idempotency-Key comes back in the
 * call's answer and in the run's `calls`, even when the script drops it.
 */
export function executeScriptTool(tools: ServerTools, execute: McpTool, limits: ResolvedScriptLimits): McpTool {
  const writes = writesAllowed(tools.options);
  const operations = [...tools.offered.keys()].map(idOf).sort();
  return {
    name: 'execute_script',
    description:
      "Run a short async JavaScript body with `await api.call(operation, input)` (execute's answers) and `console.log`; `return` the answer. No Node, network, files or environment; " +
      `${limits.timeoutMs / 1000} s, ${limits.memoryMb} MB, ${limits.maxCalls} calls, ${limits.maxOutputBytes} bytes of result. ` +
      'Use it to combine many calls into one small answer.',
    inputSchema: {
      type: 'object',
      properties: { code: { type: 'string', maxLength: MAX_CODE, description: 'e.g. const p = await api.call("produtos.listar", { limite: 100 }); return p.dados.length;' } },
      required: ['code'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { result: {}, logs: { type: 'array', items: { type: 'string' } }, calls: { type: 'array', items: { type: 'object' } } },
      required: ['result', 'calls'],
    },
    annotations: { readOnlyHint: !writes, destructiveHint: writes, idempotentHint: false, openWorldHint: true },
    run: async (args) => {
      let code: string;
      try {
        ({ code } = checkOptions(scriptInput, args, 'the execute_script tool'));
      } catch (err) {
        return toolResult(errorBody(err), true);
      }
      const calls: Record<string, unknown>[] = [];
      const call = async (operation: string, input: string): Promise<CallAnswer> => {
        const parsed = input.length > MAX_CALL_INPUT ? undefined : (JSON.parse(input) as unknown);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          calls.push({ operation, ok: false });
          return {
            ok: false,
            body: { codigo: 'INVALID_INPUT', mensagem: `the input must be a JSON object of at most ${MAX_CALL_INPUT} bytes`, fix: "Pass the operation's input as describe shows it." },
          };
        }
        const answer = await execute.run({ operation, input: parsed });
        const body = answer.structuredContent;
        const key = body['idempotencyKey'];
        calls.push({ operation, ok: answer.isError !== true, ...(typeof key === 'string' ? { idempotencyKey: key } : {}) });
        return { ok: answer.isError !== true, body };
      };
      const outcome = await runScript(code, operations, limits, call);
      const logs = outcome.logs.length > 0 ? { logs: outcome.logs } : {};
      if (outcome.ok) return toolResult({ result: outcome.value ?? null, ...logs, calls });
      return toolResult({ codigo: `SCRIPT_${outcome.kind.toUpperCase()}`, mensagem: outcome.message, fix: FIX[outcome.kind] ?? FIX['crash'], ...logs, calls }, true);
    },
  };
}
