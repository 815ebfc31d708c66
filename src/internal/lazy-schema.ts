import type * as core from 'zod/v4/core';

// Building a zod schema costs ~10 µs cold, and the SDK defines a few hundred: built at import, they were
// most of what importing the package cost (bench/README.md, "Import cost"). A lazy schema is the real
// schema to everything that uses it (zod's functions, `.shape`, `parse`, `instanceof`, types), but is
// built the first time anything looks at it.

const builders = new WeakMap<object, () => object>();
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * @internal A schema built on first use. Every operation on it (reads, `in`, key listing, prototype
 * lookup, writes of zod's own caches) goes to the schema `build` returns, built once;
 * deleting properties or changing its prototype is refused.
 */
export function lazySchema<S extends core.$ZodType>(build: () => S): S {
  let schema: S | undefined;
  const real = (): S => (schema ??= build());
  // The target only answers Node's inspect, which looks at a proxy's target without running traps.
  const target = { [INSPECT]: () => real() };
  const proxy = new Proxy(target, {
    get: (_, key) => (key === INSPECT ? target[INSPECT] : Reflect.get(real(), key)),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      // Reported as configurable: a proxy may not claim a non-configurable property its target lacks.
      return found && { ...found, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, { ...descriptor, configurable: true }),
    set: (_, key, value) => Reflect.set(real(), key, value),
    deleteProperty: () => false,
    setPrototypeOf: () => false,
    preventExtensions: () => false,
  }) as unknown as S;
  builders.set(proxy, real);
  return proxy;
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

/**
 * @internal The plain schema behind a {@link lazySchema} (built now if it was not), or `schema` itself:
 * what schemas built from other schemas hold, so that no parse goes through a proxy below the top.
 */
export function built<S extends core.$ZodType>(schema: S): S {
  return (builders.get(schema)?.() as S | undefined) ?? schema;
}
