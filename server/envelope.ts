import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../engine/app-error.ts';
import { isDbError } from '../engine/db/db.ts';

/** The spec's reply: { res, data, err_msg }; failures add a stable code and, for bad fields, the list of them. */
export const success = (c: Context, data: unknown) => c.json({ res: 'success', data, err_msg: null });

export function failure(c: Context, e: AppError) {
  for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
  return c.json(
    { res: 'failed', data: null, err_msg: e.message, code: e.code, ...(e.fieldErrors.length ? { errors: e.fieldErrors } : {}) },
    e.status as ContentfulStatusCode,
  );
}

export function toAppError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const status = (e as { status?: number }).status;
  if (status === 413) return new AppError('payload_too_large', 'The request body is too large');
  // A data exception (class 22: out of range, malformed, bad encoding) or a value nested past the database's depth
  // limit (54001) comes from what the caller sent, wherever the engine let it through: the caller's fault, not ours.
  if (isDbError(e) && (e.code?.startsWith('22') || e.code === '54001')) return new AppError('validation_failed', `A value is out of range or malformed: ${e.message}`);
  console.error(e);
  return new AppError('internal', 'Something went wrong on the server; it has been logged');
}
