import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { CHILD_SOURCE } from './child-source.js';
import type { ResolvedScriptLimits } from './script-limits.js';

/** @internal What a script's call of an operation gets back: the same body `execute` answers. */
export interface CallAnswer {
  readonly ok: boolean;
  readonly body: Record<string, unknown>;
}

/** @internal How a run ended, before its console lines are added. */
type Ending = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly kind: 'error' | 'timeout' | 'memory' | 'output' | 'crash'; readonly message: string };

/** @internal How a run ended, with what it wrote to its console. */
export type ScriptOutcome = Ending & { readonly logs: readonly string[] };

/** Bytes of console lines kept; the rest are counted and dropped. */
const LOG_BYTES = 4_000;
/** Longest message line the parent reads from the process: a call's input or the result, with room. */
const LINE_BYTES = 256 * 1024;

/** The permission model's flag on this Node: `--permission` from Node 22.13/23.5, `--experimental-permission` before. */
export function permissionFlag(): string | undefined {
  const flags = process.allowedNodeEnvironmentFlags;
  return flags.has('--permission') ? '--permission' : flags.has('--experimental-permission') ? '--experimental-permission' : undefined;
}

/**
 * @internal The Node flags of a script's process: the permission model with nothing granted, no code
 * made from strings, the heap cap. Undefined on a runtime without the permission model.
 */
export function scriptProcessFlags(limits: Pick<ResolvedScriptLimits, 'memoryMb'>): string[] | undefined {
  const flag = permissionFlag();
  // --experimental-vm-modules: only so that the context's import() can be refused with an error of
  // the context's own realm (child-source.ts); nothing in the process loads a module through vm.
  return flag === undefined ? undefined : [flag, '--no-warnings', '--experimental-vm-modules', '--disallow-code-generation-from-strings', `--max-old-space-size=${limits.memoryMb}`];
}

/** @internal How a script's process is started: no environment (no token, no NODE_OPTIONS), in the temp folder. */
export const scriptProcessOptions = () => ({ env: {}, cwd: tmpdir(), stdio: 'pipe' as const, windowsHide: true });

/**
 * @internal Runs `code` in a process of its own: Node with the permission model on and nothing granted
 * (no file system, no child processes, no workers, no addons), no environment variables, code
 * generation from strings off, a heap cap, killed at `timeoutMs`. Inside it the code runs in a fresh
 * context that has only `api` and `console`; each `api.call` comes here as strings and is answered by
 * `call` (which spends the partner's budget through the client). This process holds the token; the
 * script's never does.
 */
export function runScript(code: string, operations: readonly string[], limits: ResolvedScriptLimits, call: (operation: string, input: string) => Promise<CallAnswer>): Promise<ScriptOutcome> {
  const flags = scriptProcessFlags(limits);
  if (flags === undefined) return Promise.resolve({ ok: false, kind: 'crash', message: 'this Node has no permission model: scripts need Node 20 or later', logs: [] });
  const child = spawn(process.execPath, [...flags, '-e', CHILD_SOURCE], scriptProcessOptions());
  const logs: string[] = [];
  let logBytes = 0;
  let dropped = 0;
  let stderr = '';
  let buffer = '';
  let settled = false;
  return new Promise<ScriptOutcome>((resolve) => {
    const end = (outcome: Ending): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      if (dropped > 0) logs.push(`(${dropped} more console lines dropped: they passed ${LOG_BYTES} bytes)`);
      resolve({ ...outcome, logs });
    };
    const timer = setTimeout(() => end({ ok: false, kind: 'timeout', message: `the script ran past ${limits.timeoutMs} ms and was stopped` }), limits.timeoutMs);
    const reply = (id: unknown, answer: CallAnswer): void => {
      if (!settled) child.stdin.write(`${JSON.stringify({ type: 'answer', id, text: JSON.stringify(answer) })}\n`);
    };
    let calls = 0;
    const onMessage = (line: string): void => {
      let message: { type?: unknown; id?: unknown; operation?: unknown; input?: unknown; text?: unknown; ok?: unknown };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        return end({ ok: false, kind: 'crash', message: 'the script process wrote something that is not a message' });
      }
      if (message.type === 'log' && typeof message.text === 'string') {
        logBytes += Buffer.byteLength(message.text);
        if (logBytes <= LOG_BYTES) logs.push(message.text);
        else dropped++;
      } else if (message.type === 'call' && typeof message.operation === 'string' && typeof message.input === 'string') {
        if (++calls > limits.maxCalls) {
          reply(message.id, {
            ok: false,
            body: { codigo: 'SCRIPT_CALL_LIMIT', mensagem: `a script may call at most ${limits.maxCalls} operations`, fix: 'Ask for larger pages (limite up to 100) or fewer records.' },
          });
          return;
        }
        const id = message.id;
        call(message.operation, message.input).then(
          (answer) => reply(id, answer),
          () => reply(id, { ok: false, body: { codigo: 'INTERNAL_ERROR', mensagem: 'the call failed unexpectedly', fix: "Report it to the server's operator." } }),
        );
      } else if (message.type === 'done' && typeof message.text === 'string') {
        if (message.ok !== true) return end({ ok: false, kind: 'error', message: message.text });
        const bytes = Buffer.byteLength(message.text);
        if (bytes > limits.maxOutputBytes) {
          return end({
            ok: false,
            kind: 'output',
            message: `the result is ${bytes} bytes of JSON, more than the ${limits.maxOutputBytes} allowed: return less (fewer records, only the fields needed)`,
          });
        }
        end({ ok: true, value: JSON.parse(message.text) as unknown });
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let at: number;
      while (!settled && (at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        onMessage(line);
      }
      if (buffer.length > LINE_BYTES) end({ ok: false, kind: 'output', message: `the script wrote more than ${LINE_BYTES} bytes at once` });
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 8_000) stderr += chunk;
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (err) => end({ ok: false, kind: 'crash', message: `the script process could not start (${err.message})` }));
    child.on('close', (code, signal) => {
      if (/heap out of memory|Allocation failed/i.test(stderr)) return end({ ok: false, kind: 'memory', message: `the script used more than its ${limits.memoryMb} MB of memory and was stopped` });
      end({ ok: false, kind: 'crash', message: `the script process ended before a result (${signal ?? `exit code ${code}`})` });
    });
    child.stdin.write(`${JSON.stringify({ type: 'start', code, operations, timeoutMs: limits.timeoutMs })}\n`);
  });
}
