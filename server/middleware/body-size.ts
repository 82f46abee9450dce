import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../engine/app-error.ts';
import { text } from '../../engine/i18n/text.ts';

export const JSON_LIMIT = 1024 * 1024;
export const MULTIPART_LIMIT = 20 * 1024 * 1024;

const tooLarge = (limit: number) => () => {
  throw AppError.worded('payload_too_large', text('refusal.request.tooLarge', { limit }));
};
const json = bodyLimit({ maxSize: JSON_LIMIT, onError: tooLarge(JSON_LIMIT) });
const multipart = bodyLimit({ maxSize: MULTIPART_LIMIT, onError: tooLarge(MULTIPART_LIMIT) });

/**
 * JSON bodies up to 1 MiB; uploads up to 20 MiB here, each upload command then applies its own, smaller limit.
 * A declared length is judged from the header alone; only a chunked body is counted as it is read. (Hono's
 * bodyLimit asks for the body first, which makes @hono/node-server build a whole Request for every call, GETs
 * included: a few per cent of the server's time under load.)
 */
export const bodySize: MiddlewareHandler = (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const upload = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    const limit = upload ? MULTIPART_LIMIT : JSON_LIMIT;
    return parseInt(length, 10) > limit ? tooLarge(limit)() : next();
  }
  return upload ? multipart(c, next) : json(c, next);
};
