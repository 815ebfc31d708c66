import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { runInProcess } from './cli-in-process.js';

// Shell completion: the scripts come from the command, run in process; what they must
// name is read from the program's own --help, in process, so the check does not share the generator.
const scripts: Record<string, string> = {};

beforeAll(async () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    const run = await runInProcess(['completion', shell]);
    expect(run.code, run.stderr).toBe(0);
    scripts[shell] = run.stdout;
  }
}, 60_000);

async function help(args: string[]): Promise<string> {
  const out: string[] = [];
  await runCli([...args, '--help'], { io: { out: (l) => void out.push(l), err: () => undefined }, stopped: new Promise(() => undefined) });
  return out.join('\n');
}

/** The lines of a --help section ("Commands:", "Options:") that start an entry. */
function section(text: string, title: string): string[] {
  const lines = text.split('\n');
  const from = lines.indexOf(title);
  if (from < 0) return [];
  const end = lines.findIndex((l, i) => i > from && !l.startsWith(' '));
  return lines.slice(from + 1, end < 0 ? undefined : end).filter((l) => /^ {2}\S/.test(l));
}

/** Every command and the long flags of each, as --help lists them. */
async function commandsAndFlags(): Promise<Map<string, string[]>> {
  const commands = section(await help([]), 'Commands:').map((l) => l.trim().split(/\s/)[0]!);
  const map = new Map<string, string[]>();
  for (const command of commands) {
    // `help --help` is the program's own help: the help command has no flags of its own.
    if (command === 'help') {
      map.set(command, []);
      continue;
    }
    const flags = section(await help([command]), 'Options:').flatMap((l) => [...l.matchAll(/--[a-z][\w-]*/g)].slice(0, 1).map((m) => m[0]));
    map.set(command, flags);
  }
  return map;
}

const has = (binary: string) => spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;

/** What bash offers for the words typed so far (the last one being completed). */
function bashComplete(words: string[]): string[] {
  const script = `${scripts['bash']}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _partner_commerce; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

describe('completion bash|zsh|fish', () => {
  it('each script names every command and every flag of each, as --help lists them', async () => {
    const expected = await commandsAndFlags();
    expect([...expected.keys()]).toEqual(expect.arrayContaining(['sandbox', 'doctor', 'trigger', 'request', 'mirror', 'changelog', 'login', 'completion']));
    expect(expected.get('trigger')).toEqual(expect.arrayContaining(['--seed', '--token-stdin', '--help']));
    for (const [command, flags] of expected) {
      expect(scripts['bash'], command).toMatch(new RegExp(`^ {4}${command}\\)$`, 'm'));
      expect(scripts['zsh'], command).toContain(`'${command}:`);
      expect(scripts['fish'], command).toContain(`-a ${command} -d`);
      for (const flag of flags) {
        expect(scripts['bash'], `${command} ${flag}`).toMatch(new RegExp(`^ {4}${command}\\)\\n {6}words='[^']*${flag}( |')`, 'm'));
        expect(scripts['zsh'], `${command} ${flag}`).toContain(`'${flag}[`);
        expect(scripts['fish'], `${command} ${flag}`).toMatch(new RegExp(`__fish_seen_subcommand_from ${command}' .*-l ${flag.slice(2)}( |$)`, 'm'));
      }
    }
  });

  it('the bash script is valid bash and completes commands, flags, event kinds and shells', () => {
    expect(spawnSync('bash', ['-n'], { input: scripts['bash'] }).status).toBe(0);
    expect(bashComplete(['partner-commerce', 'tr'])).toEqual(['trigger']);
    expect(bashComplete(['partner-commerce', 'trigger', '--se'])).toEqual(['--seed']);
    expect(bashComplete(['partner-commerce', 'trigger', 'produto.pre'])).toEqual(['produto.preco_atualizado']);
    expect(bashComplete(['partner-commerce', 'doctor', '--token-'])).toEqual(['--token-stdin']);
    expect(bashComplete(['partner-commerce', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    // After a flag that takes a value, nothing is offered (bash falls back to file names).
    expect(bashComplete(['partner-commerce', 'mirror', '--dir', ''])).toEqual([]);
  });

  it.skipIf(!has('zsh'))('the zsh script is valid zsh (skipped: no zsh on this machine)', () => {
    expect(spawnSync('zsh', ['-n'], { input: scripts['zsh'] }).status).toBe(0);
  });

  it.skipIf(!has('fish'))('the fish script is valid fish (skipped: no fish on this machine)', () => {
    expect(spawnSync('fish', ['--no-execute'], { input: scripts['fish'] }).status).toBe(0);
  });

  it('an unknown shell is a usage error (2) naming the three', async () => {
    const run = await runInProcess(['completion', 'powershell']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bash, zsh, fish');
  });
});
