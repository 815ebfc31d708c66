import { InvalidInputError } from '../../src/errors/invalid-input-error.js';

/** Runs `run`, expecting it to refuse its input synchronously; gives the error for inspection. */
export function refusal(run: () => unknown): InvalidInputError {
  try {
    run();
  } catch (err) {
    if (err instanceof InvalidInputError) return err;
    throw err;
  }
  throw new Error('expected an InvalidInputError, nothing was thrown');
}
