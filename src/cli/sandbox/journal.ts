import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateFolder, privateSecret } from './private-folder.js';

/** Names of the secret files in the sandbox's folder. */
export const SECRET_FILES = { signing: 'secret', control: 'control-secret' } as const;

/** One notice as the sandbox journal keeps it. */
export interface JournalEntry {
  /** When the fake sent it (ISO 8601). */
  readonly at: string;
  /** The notice, as sent. */
  readonly event: { readonly id: string; readonly evento: string };
}

/**
 * The sandbox's local journal: every notice sent, one JSON line each, in `dir/journal.jsonl`, so
 * notices a receiver missed (it was down, or not started yet) can be replayed later; and the
 * signing and control secrets, created once in `dir/secret` and `dir/control-secret` so they stay
 * the same across runs. The folder must be the user's own and closed to others (checked here).
 */
export class SandboxJournal {
  readonly #file: string;

  constructor(readonly dir: string) {
    ensurePrivateFolder(dir);
    this.#file = join(dir, 'journal.jsonl');
  }

  /** Appends one notice. Synchronous, so a notice is on disk before it is forwarded. */
  append(entry: JournalEntry): void {
    // Notices carry customers' data: the journal is the user's only.
    appendFileSync(this.#file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }

  /** The notices sent at or after `since`, oldest first. */
  since(since: Date): JournalEntry[] {
    let text: string;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as JournalEntry)
      .filter((e) => Date.parse(e.at) >= since.getTime());
  }

  /** The signing secret kept in the folder, created on first use. */
  secret(): string {
    return privateSecret(join(this.dir, SECRET_FILES.signing), 'whsec_');
  }

  /** The secret of the sandbox's control route, kept beside the signing secret, created on first use. */
  controlSecret(): string {
    return privateSecret(join(this.dir, SECRET_FILES.control), 'sbxctl_');
  }
}
