/** Reads an environment variable, trimmed; blank counts as unset, as a shell's `FOO=` means "not set". */
export function readEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
