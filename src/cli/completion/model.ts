import type { Command } from 'commander';

/** One option as the completion scripts offer it. */
export interface CompletionOption {
  /** `--port` */
  long: string | undefined;
  /** `-h` */
  short: string | undefined;
  /** Whether a value follows it. */
  takesValue: boolean;
  description: string;
  /** Its values, when it has a fixed set. */
  choices: readonly string[] | undefined;
}

/** One command: its options and the values of its first argument, when fixed. */
export interface CompletionCommand {
  name: string;
  description: string;
  options: CompletionOption[];
  /** Values of the first argument (`trigger <evento>`), when it has a fixed set. */
  choices: readonly string[] | undefined;
}

/** What the scripts complete, read from the commander program itself so they cannot drift from it. */
export interface CompletionModel {
  /** The executable's name. */
  name: string;
  /** Options before the command (--help, --version). */
  options: CompletionOption[];
  commands: CompletionCommand[];
}

/** Names and flags go into shell code unquoted: anything else is a bug in the program's definition. */
const WORD = /^[\w.:-]+$/;

function word(text: string): string {
  if (!WORD.test(text)) throw new Error(`completion: "${text}" is not a plain word`);
  return text;
}

/** The model of `program`, from commander's own view of it (its Help: what `--help` shows, implicit help command included). */
export function completionModel(program: Command): CompletionModel {
  const help = program.createHelp();
  const options = (cmd: Command): CompletionOption[] =>
    help.visibleOptions(cmd).map((o) => ({
      long: o.long === undefined ? undefined : word(o.long),
      short: o.short === undefined ? undefined : word(o.short),
      takesValue: o.required || o.optional,
      description: o.description,
      choices: o.argChoices?.map(word),
    }));
  return {
    name: word(program.name()),
    options: options(program),
    commands: help.visibleCommands(program).map((cmd) => ({
      name: word(cmd.name()),
      description: cmd.description(),
      options: options(cmd),
      choices: cmd.registeredArguments[0]?.argChoices?.map(word),
    })),
  };
}

/** The flags of `options` (long and short) that take a value. */
export function valueFlags(options: readonly CompletionOption[]): string[] {
  return options.filter((o) => o.takesValue).flatMap((o) => [o.long, o.short].filter((f): f is string => f !== undefined));
}

/** Every flag of `options`, long and short. */
export function allFlags(options: readonly CompletionOption[]): string[] {
  return options.flatMap((o) => [o.long, o.short].filter((f): f is string => f !== undefined));
}
