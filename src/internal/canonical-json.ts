/**
 * @internal JSON with object keys sorted at every depth and `toJSON` applied (a `Money` gives its wire
 * string), so two equal states always give the same text whatever order the API, jsonb or the caller
 * wrote their keys in. Array order counts.
 */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, sortedKeys);
}

// A replacer sees each value after its toJSON ran, so wire strings and parsed objects come out alike.
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}
