import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../stratum-context.ts';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { afterUnlessComplete, completeReplies } from './complete-replies.ts';
import { securityHeaderValues } from './security-headers.ts';

/**
 * Replies compressed as the caller accepts (gzip or deflate; hono/compress, from 1 KB, text and JSON only). A file the
 * renderer's build compressed already (.br, .gz; serveStatic `precompressed`) carries its Content-Encoding and passes
 * untouched. Registered before the ETag, so that the tag is the uncompressed reply's.
 */
export const compressReplies: MiddlewareHandler = afterUnlessComplete(compress());

/** compressReplies' threshold: a smaller reply goes as it is. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The same SHA-1 hono's default takes (so the tags do not change), from node:crypto at once: WebCrypto's digest runs
 * as a job off the event loop and back, which the profile of a read under load showed at a tenth of the server's
 * busy time, more than the read's own work.
 */
const sha1 = (body: Uint8Array): ArrayBuffer => new Uint8Array(createHash('sha1').update(body).digest()).buffer;

/**
 * The headers of a JSON reply whose text is at hand (server/envelope.ts), with what the middleware below would add
 * written in at once: a GET's ETag, as taggedReplies computes it from the body's bytes (the same SHA-1 of the UTF-8,
 * the same weak form), and the Vary compressReplies names. Each of those, added afterwards, turns the server's light
 * reply (a string, written to the socket in one go) into a full web Response: hono's ETag reads a copy of the body
 * back as a stream, and a header set through the context after the reply exists copies the reply with its body as a
 * stream. Under load that was a fifth of the server's CPU per read by id, more than the read's own work (README,
 * "Performance").
 */
export function jsonReplyHeaders(method: string, text: string): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (method === 'GET') headers.ETag = `W/"${createHash('sha1').update(text).digest('hex')}"`;
  return headers;
}

/**
 * Every successful GET tagged with the digest of its body (hono/etag): a caller that sends the tag back in
 * If-None-Match gets 304 and no body. The tag is weak: the gzipped and the plain reply are the same content under one
 * tag, and a 304 carries the very tag the 200 did, compressed or not. A reply that brings its own tag (jsonReplyHeaders:
 * the API's JSON replies) is only compared with If-None-Match.
 */
export const taggedReplies: MiddlewareHandler = afterUnlessComplete(etag({ weak: true, generateDigest: sha1 }));

/** What revalidatedApiReplies sets on an API GET that says nothing itself. */
const REVALIDATED = 'private, no-cache';

/**
 * API replies are kept by nobody but the caller and revalidated each time, unless the route says otherwise (an export:
 * no-store). Set on the reply's own headers: the context's c.header() would copy a finished reply (see jsonReplyHeaders).
 */
export const revalidatedApiReplies: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method === 'GET' && !completeReplies.has(c.res) && !c.res.headers.has('Cache-Control'))
    c.res.headers.set('Cache-Control', REVALIDATED);
};

/**
 * An API GET's JSON reply written whole, with what every middleware would add to it as one plain object: the security
 * headers, the request id, Content-Type, Vary, the ETag and Cache-Control (complete-replies.ts). Null where the
 * middleware has something to decide, so that it does: a caller that sends If-None-Match (a 304 may be due), and a
 * reply of 1 KB or more to a caller that accepts some encoding (compressReplies).
 */
export function completeJsonReply(c: Context<AppEnv>, text: string): Response | null {
  const security = securityHeaderValues();
  if (!security || c.req.method !== 'GET' || !c.req.path.startsWith('/api/')) return null;
  if (c.req.header('if-none-match') !== undefined) return null;
  const large = text.length >= COMPRESS_FROM_BYTES || Buffer.byteLength(text) >= COMPRESS_FROM_BYTES;
  if (large && c.req.header('accept-encoding') !== undefined) return null;
  const headers: Record<string, string> = {
    ...security,
    ...jsonReplyHeaders('GET', text),
    'Cache-Control': REVALIDATED,
  };
  const requestId = c.get('requestId');
  if (requestId) headers['X-Request-Id'] = requestId;
  const reply = new Response(text, { status: 200, headers });
  completeReplies.add(reply);
  return reply;
}
