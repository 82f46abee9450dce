import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../engine/app-error.ts';

export const JSON_LIMIT = 1024 * 1024;
export const MULTIPART_LIMIT = 20 * 1024 * 1024;

const tooLarge = (limit: number) => () => {
  throw new AppError('payload_too_large', `The request body is larger than ${limit} bytes`);
};
const json = bodyLimit({ maxSize: JSON_LIMIT, onError: tooLarge(JSON_LIMIT) });
const multipart = bodyLimit({ maxSize: MULTIPART_LIMIT, onError: tooLarge(MULTIPART_LIMIT) });

/** JSON bodies up to 1 MiB; uploads up to 20 MiB here, each upload command then applies its own, smaller limit. */
export const bodySize: MiddlewareHandler = (c, next) => ((c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? multipart(c, next) : json(c, next));
