/** @internal Runs tasks one at a time, in call order (an in-process lock). */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    // The tail settles with nothing: it must not hold the last task's result (a row, an answer) alive.
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/**
 * @internal One {@link Mutex} per name, kept only while a task of that name is queued or running: the
 * outbox locks per Idempotency-Key, so a lock kept per name would grow with every order sent.
 */
export class NamedMutex {
  readonly #byName = new Map<string, { mutex: Mutex; tasks: number }>();

  /** Names with a task queued or running. */
  get size(): number {
    return this.#byName.size;
  }

  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    let entry = this.#byName.get(name);
    if (!entry) this.#byName.set(name, (entry = { mutex: new Mutex(), tasks: 0 }));
    entry.tasks++;
    try {
      return await entry.mutex.run(fn);
    } finally {
      // No task of this name is left to order after this one, so the next caller may start a fresh lock.
      if (--entry.tasks === 0) this.#byName.delete(name);
    }
  }
}
