/**
 * @internal Appends `item` to `list` and drops its oldest entries beyond `max`: how the kit bounds what
 * it records (`fake.requests`, `fake.webhooks`), so a fake running for days does not grow. The array
 * itself is kept, since a test holds it.
 */
export function appendKeepingLast<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}
