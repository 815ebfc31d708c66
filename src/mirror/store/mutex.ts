/** @internal Runs tasks one at a time, in call order (an in-process lock). */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** @internal One {@link Mutex} per name. */
export class NamedMutex {
  readonly #byName = new Map<string, Mutex>();

  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    let mutex = this.#byName.get(name);
    if (!mutex) this.#byName.set(name, (mutex = new Mutex()));
    return mutex.run(fn);
  }
}
