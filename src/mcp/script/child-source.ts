// The program of a script's process, as source text: it is run with `node -e`, so it needs no file the
// permission model would have to let it read, and no bundler can rename what it refers to. It is kept
// small on purpose: all it does is run the model's code in a fresh context and pass strings both ways.
//
// Inside the context the code sees `api` (`api.call(operation, input)`, `api.operations`) and a
// `console` whose lines come back with the result, and nothing of Node. Only strings cross between the
// context and this process: host objects never reach the context, so none of their constructors can.

/** The context's first script: it keeps the process's three functions in a closure the model's code cannot reach. */
const BOOTSTRAP = String.raw`(function (hostCall, hostLog, hostDone, operationsJson) {
  'use strict';
  const parse = JSON.parse, stringify = JSON.stringify, P = Promise, freeze = Object.freeze, Err = Error;
  const operations = freeze(parse(operationsJson));
  const show = (v) => { if (typeof v === 'string') return v; try { const t = stringify(v); return typeof t === 'string' ? t : String(v); } catch (e) { return String(v); } };
  const call = (operation, input) => new P((resolve, reject) => {
    if (typeof operation !== 'string') { reject(new Err('api.call(operation, input): operation must be an id such as "pedidos.obter"')); return; }
    let json;
    try { json = input === undefined ? '{}' : stringify(input); } catch (e) { reject(e); return; }
    if (typeof json !== 'string') { reject(new Err('api.call(operation, input): input must be a JSON object')); return; }
    hostCall(operation, json, (text) => {
      const answer = parse(text);
      if (answer.ok) { resolve(answer.body); return; }
      const e = new Err(answer.body.codigo + ': ' + answer.body.mensagem);
      e.codigo = answer.body.codigo; e.body = answer.body;
      reject(e);
    });
  });
  const log = (...args) => hostLog(args.map(show).join(' '));
  globalThis.api = freeze({ call, operations });
  globalThis.console = freeze({ log, info: log, warn: log, error: log });
  return (result) => P.resolve(result).then(
    (value) => { let text; try { text = value === undefined ? 'null' : stringify(value); } catch (e) { hostDone(false, 'the result is not JSON: ' + show(e && e.message)); return; } hostDone(true, typeof text === 'string' ? text : 'null'); },
    (error) => hostDone(false, show(error !== null && typeof error === 'object' && 'message' in error ? error.message : error)),
  );
})`;

/** @internal The script process's program (CommonJS, for `node -e`). */
export const CHILD_SOURCE = String.raw`'use strict';
const vm = require('node:vm');
const readline = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const waiting = new Map();
let next = 0;
let started = false;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try { message = JSON.parse(line); } catch { return; }
  if (message.type === 'start' && !started) { started = true; start(message); return; }
  if (message.type === 'answer') {
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    if (resolve) try { resolve(String(message.text)); } catch {}
  }
});
function start({ code, operations, timeoutMs }) {
  const context = vm.createContext(Object.create(null), { name: 'execute_script', codeGeneration: { strings: false, wasm: false } });
  const hostCall = (operation, input, resolve) => {
    if (typeof operation !== 'string' || typeof input !== 'string' || typeof resolve !== 'function') return;
    const id = ++next;
    waiting.set(id, resolve);
    send({ type: 'call', id, operation, input });
  };
  const hostLog = (text) => { if (typeof text === 'string') send({ type: 'log', text }); };
  const hostDone = (ok, text) => send({ type: 'done', ok: ok === true, text: typeof text === 'string' ? text : '' });
  try {
    const finish = vm.runInContext(${JSON.stringify(BOOTSTRAP)}, context, { timeout: 1000 })(hostCall, hostLog, hostDone, JSON.stringify(operations));
    // import() is refused with an error made in the context: Node's own refusal would hand the code an
    // object of this process's realm, whose constructors are this process's.
    const refusal = vm.runInContext('() => new Error("import() is not available in a script")', context);
    const script = new vm.Script('(async () => {\n' + code + '\n})()', { filename: 'script.js', lineOffset: -1, importModuleDynamically: () => { throw refusal(); } });
    finish(script.runInContext(context, { timeout: timeoutMs }));
  } catch (err) {
    // Thrown here: a syntax error, or the synchronous part running past its time.
    let text = 'the script failed';
    try { text = String(err && err.message); } catch {}
    hostDone(false, text);
  }
}
`;
