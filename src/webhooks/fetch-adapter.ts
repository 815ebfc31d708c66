import type { AdapterContext, WebhookResult } from './handler-options.js';
import { announcesTooMuch, BodyTooLargeError, collectBody, streamChunks } from './read-body.js';

/** @internal The JSON body of every answer: `{ outcome }`, plus `message` for 400 and 401. */
export function answerBody(result: WebhookResult): string {
  return JSON.stringify(result.message === undefined ? { outcome: result.outcome } : { outcome: result.outcome, message: result.message });
}

/** @internal `handler.fetch`: a web-standard Request in, a Response out; never rejects. */
export async function handleFetch(context: AdapterContext, request: Request): Promise<Response> {
  let result: WebhookResult;
  if (request.method !== 'POST') result = { status: 405, outcome: 'method-not-allowed' };
  else if (announcesTooMuch(request.headers.get('content-length'), context.maxBodyBytes)) result = { status: 413, outcome: 'too-large' };
  else {
    try {
      const body = request.body ? await collectBody(streamChunks(request.body), context.maxBodyBytes) : new Uint8Array();
      result = await context.handle(body, request.headers);
    } catch (err) {
      if (err instanceof BodyTooLargeError) result = { status: 413, outcome: 'too-large' };
      else {
        context.report(err, { stage: 'body', status: 500 });
        result = { status: 500, outcome: 'failed' };
      }
    }
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (result.status === 405) headers.allow = 'POST';
  return new Response(answerBody(result), { status: result.status, headers });
}
