/**
 * What `promise` rejected with, for a test to inspect it at length; fails the test when it fulfils
 * (so a call that wrongly succeeds is not mistaken for one that failed with `undefined`).
 */
export async function failureOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection, the promise fulfilled');
}
