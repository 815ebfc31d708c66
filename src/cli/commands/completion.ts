import type { Command } from 'commander';
import { bashCompletion } from '../completion/bash.js';
import { fishCompletion } from '../completion/fish.js';
import { completionModel } from '../completion/model.js';
import { zshCompletion } from '../completion/zsh.js';
import { writeLines, type CliIo } from '../output.js';

/** Shells `completion` writes a script for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;

/** One of {@link COMPLETION_SHELLS}. */
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** `partner-commerce completion <shell>`: prints the script, made from `program` as it is defined. */
export function completionCommand(shell: CompletionShell, program: Command, io: CliIo): void {
  const model = completionModel(program);
  const script = shell === 'bash' ? bashCompletion(model) : shell === 'zsh' ? zshCompletion(model) : fishCompletion(model);
  writeLines(io.out, script.trimEnd());
}
