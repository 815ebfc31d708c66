import { CliFailure, EXIT } from './exit-codes.js';

/**
 * One line typed on the terminal without echoing it (for `login` on a terminal): the token must not
 * stay on the screen or in a scrollback. Ctrl-C or Ctrl-D before Enter gives up.
 */
export function readHiddenLine(prompt: string, stdin: NodeJS.ReadStream = process.stdin, stderr: NodeJS.WriteStream = process.stderr): Promise<string> {
  return new Promise((resolve, reject) => {
    stderr.write(prompt);
    let line = '';
    const finish = (error?: CliFailure) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: Buffer) => {
      for (const c of chunk.toString('utf8')) {
        if (c === '\r' || c === '\n') return finish();
        if (c === '\u0003' || c === '\u0004') return finish(new CliFailure('no token given', EXIT.usage));
        if (c === '\u007f' || c === '\b') line = line.slice(0, -1);
        else line += c;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
