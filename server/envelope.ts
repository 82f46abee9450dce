import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../engine/app-error.ts';
import { isDbError } from '../engine/db/db.ts';
import { languageOf } from '../engine/i18n/catalogue.ts';
import { text } from '../engine/i18n/text.ts';
import type { Registry } from '../engine/metadata/registry.ts';
import type { Logger } from './logger.ts';
import { completeJsonReply, jsonReplyHeaders } from './middleware/reply-encoding.ts';
import type { AppEnv } from './stratum-context.ts';

/**
 * The spec's reply: { res, data, err_msg }; failures add a stable code and, for bad fields, the list of them. A success
 * is written with the headers the middleware would add (jsonReplyHeaders: its ETag, Vary), so that it stays a string;
 * a GET's, where the middleware has nothing to decide, with all of them (completeJsonReply). A GET route that sets
 * headers of its own through the context (c.header) must not answer through here: a whole reply does not carry them.
 */
export function success(c: Context<AppEnv>, data: unknown): Response {
  const body = JSON.stringify({ res: 'success', data, err_msg: null });
  return completeJsonReply(c, body) ?? c.body(body, 200, jsonReplyHeaders(c.req.method, body));
}

/**
 * The caller's language (en, bn or de): `?lang=` where a call names it (a report export), else the `Accept-Language`
 * header (the renderer sends its current language in it; a browser or a script sends its own), else English.
 */
export const callerLanguage = (c: Context) => languageOf(c.req.query('lang') || c.req.header('accept-language'));

/** A refusal in the caller's language: `err_msg` and each `errors[].message` worded from metadata/i18n, `errors[].field` the JSON path. */
export function failure(c: Context, e: AppError, registry?: Registry) {
  for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
  const { message, fieldErrors } = e.inLanguage(callerLanguage(c), registry?.messages);
  return c.json(
    {
      res: 'failed',
      data: null,
      err_msg: message,
      code: e.code,
      ...(fieldErrors.length ? { errors: fieldErrors } : {}),
    },
    e.status as ContentfulStatusCode,
  );
}

/** An error as the caller gets it; one the engine did not expect is logged with its cause (to `logger`, else stderr). */
export function toAppError(e: unknown, logger?: Pick<Logger, 'error'>): AppError {
  if (e instanceof AppError) return e;
  const status = (e as { status?: number }).status;
  if (status === 413) return AppError.worded('payload_too_large', text('refusal.request.tooLargeAny'));
  // A data exception (class 22: out of range, malformed, bad encoding) or a value nested past the database's depth
  // limit (54001) comes from what the caller sent, wherever the engine let it through: the caller's fault, not ours.
  if (isDbError(e) && (e.code?.startsWith('22') || e.code === '54001'))
    return new AppError(
      'validation_failed',
      `A value is out of range or malformed: ${e.message}`,
      [],
      {},
      text('validation.malformed'),
    );
  if (logger) logger.error({ err: e }, 'unexpected failure');
  else console.error(e);
  return AppError.worded('internal', text('refusal.internal'));
}
