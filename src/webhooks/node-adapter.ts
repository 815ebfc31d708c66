import { answerBody } from './fetch-adapter.js';
import type { AdapterContext, WebhookResult } from './handler-options.js';
import { announcesTooMuch, BodyTooLargeError, collectBody } from './read-body.js';

// Typed by shape, not imported from node:http, so this entry loads on edge runtimes too.

/** What the node adapter needs of a request: node:http's `IncomingMessage` and Express's `Request` fit. */
export interface NodeWebhookRequest extends AsyncIterable<Uint8Array | string> {
  /** HTTP method; only POST is accepted. */
  method?: string | undefined;
  /** Request headers, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser in front (Express): a Buffer or string is used as the raw body; an object is refused. */
  body?: unknown;
  /** False while the body is still unread in the stream. */
  readableEnded?: boolean;
}

/** What the node adapter needs of a response: node:http's `ServerResponse` and Express's `Response` fit. */
export interface NodeWebhookResponse {
  /** Status of the answer, set before `end`. */
  statusCode: number;
  /** Sets one response header. */
  setHeader(name: string, value: string): unknown;
  /** Sends the body and finishes the answer. */
  end(chunk: string): unknown;
}

/** The message logged when a body parser consumed the body before the node adapter could read it. */
export const PARSED_BODY_MESSAGE =
  '[partner-commerce] webhooks: req.body was already parsed into an object by a body parser (express.json(), ' +
  "or Next.js pages' default bodyParser), so the exact bytes the signature covers are gone. Mount the webhook " +
  "route with the raw body, before any app.use(express.json()): app.post('/webhooks', express.raw({ type: " +
  "'application/json' }), handler.node). In Next.js pages: export const config = { api: { bodyParser: false } }. " +
  'Answered 500, so the supplier will deliver it again once this is fixed.';

/** @internal `handler.node`: reads the raw body, handles it, writes the answer; never rejects. */
export async function handleNode(context: AdapterContext, req: NodeWebhookRequest, res: NodeWebhookResponse): Promise<void> {
  let result: WebhookResult;
  try {
    result = await answer(context, req);
  } catch (err) {
    if (err instanceof BodyTooLargeError) result = { status: 413, outcome: 'too-large' };
    else {
      context.report(err, { stage: 'body', status: 500 });
      result = { status: 500, outcome: 'failed' };
    }
  }
  try {
    res.statusCode = result.status;
    res.setHeader('content-type', 'application/json');
    if (result.status === 405) res.setHeader('allow', 'POST');
    res.end(answerBody(result));
  } catch (err) {
    context.logger.error('[partner-commerce] webhooks: could not write the answer', err);
  }
}

async function answer(context: AdapterContext, req: NodeWebhookRequest): Promise<WebhookResult> {
  if (req.method !== 'POST') return { status: 405, outcome: 'method-not-allowed' };
  const contentLength = req.headers['content-length'];
  if (announcesTooMuch(typeof contentLength === 'string' ? contentLength : undefined, context.maxBodyBytes)) {
    return { status: 413, outcome: 'too-large' };
  }
  const { body } = req;
  if (typeof body === 'string' || body instanceof Uint8Array) return context.handle(body, req.headers);
  // Express 4 sets `{}` when no parser matched and leaves the stream unread: read it then.
  if (body !== undefined && body !== null && req.readableEnded !== false) {
    context.logger.error(PARSED_BODY_MESSAGE);
    return { status: 500, outcome: 'failed' };
  }
  return context.handle(await collectBody(req, context.maxBodyBytes), req.headers);
}
