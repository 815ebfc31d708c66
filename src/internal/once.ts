// Building a zod schema costs ~10 µs cold, and the SDK defines a few hundred: built at import, they were
// most of what importing the package cost (bench/README.md, "Import cost"). So each schema is a function
// that builds it on its first call and hands back that same schema ever after: importing builds nothing,
// and a schema built from others holds the real ones (a parse never goes through a wrapper).

/**
 * @internal `build` run on the first call; every later call returns what that first call built. Not
 * memoised when `build` throws, so a failure is not cached.
 */
export function once<T extends object>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** @internal `build` run once per key, on the key's first use (schemas chosen by a string, such as an event kind). */
export function memoByKey<V>(build: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build(key)));
    return value;
  };
}
