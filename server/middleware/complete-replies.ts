import type { MiddlewareHandler } from 'hono';

/**
 * Replies the envelope wrote whole (server/middleware/reply-encoding.ts, completeJsonReply): a GET's JSON with every
 * header the middleware would add already in it, as a plain object. Each middleware that works on a reply after the
 * handler leaves these alone: one that read or set a header would turn the plain object into undici Headers, which
 * the profile of a read by id showed at a tenth of the server's CPU (security headers, compression's checks, the
 * ETag's, Cache-Control; README, "Performance").
 */
export const completeReplies = new WeakSet<Response>();

const NOTHING = () => Promise.resolve();

/**
 * A middleware that works after the handler (hono's secureHeaders, compress, etag), run only on a reply that is not
 * complete: it is handed the finished reply with nothing left to wait for, as if the handler had just answered.
 */
export const afterUnlessComplete =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (!completeReplies.has(c.res)) await middleware(c, NOTHING);
  };
