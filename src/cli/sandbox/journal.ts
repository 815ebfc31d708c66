import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
 * signing secret, created once in `dir/secret` so it stays the same across runs.
 */
export class SandboxJournal {
  readonly #file: string;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.#file = join(dir, 'journal.jsonl');
  }

  /** Appends one notice. Synchronous, so a notice is on disk before it is forwarded. */
  append(entry: JournalEntry): void {
    appendFileSync(this.#file, `${JSON.stringify(entry)}\n`);
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
    const file = join(this.dir, 'secret');
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      const secret = `whsec_${randomBytes(24).toString('hex')}`;
      writeFileSync(file, `${secret}\n`, { mode: 0o600 });
      return secret;
    }
  }
}
