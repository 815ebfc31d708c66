/**
 * Names kept for one minor release after a rename: each says once per process what replaced it, so a
 * program that calls an old name in a loop gets one line, not one per call.
 */
const warned = new Set<string>();

/** Warns through `warn` (the caller's logger, which adds its own prefix; default `console.warn` with the SDK's prefix) the first time `name` is used in this process; later uses are silent. */
export function warnDeprecatedOnce(name: string, replacement: string, warn: (message: string) => void = (message) => console.warn(`[partner-commerce] ${message}`)): void {
  if (warned.has(name)) return;
  warned.add(name);
  warn(`${name} is deprecated and goes in the next minor release: use ${replacement}`);
}

/** The message of a removed name's stub, one wording for every stub (the compatibility check reads it). */
export const removedMessage = (name: string, replacement: string): string => `${name} was removed in 0.2: use ${replacement}`;
