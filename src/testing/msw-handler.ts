/**
 * One msw request handler made by the fake (`fake.handlers`), for `setupServer(...fake.handlers)`.
 *
 * Typed without importing msw, so the published types of `partner-commerce/testing` compile in a
 * strict project (`skipLibCheck: false`) that never installed msw, the kit's optional peer. `never` is
 * the one type msw's `setupServer` and `server.use` accept without a cast while naming no msw type;
 * the values are msw's own `HttpHandler`s (cast with `as unknown as HttpHandler[]` to read them).
 */
export type MswHandler = never;
