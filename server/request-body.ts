import type { Context } from 'hono';
import { AppError } from '../engine/app-error.ts';
import type { IncomingFile } from '../engine/files/file-store.ts';

/** Reads a JSON body; malformed JSON gets a 400 that says where it broke. An empty body is {}. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError('malformed_json', `The body is not valid JSON: ${(e as Error).message}`);
  }
}

/** Reads a multipart body: the file in the field "document", the other fields as strings. */
export async function multipartBody(c: Context): Promise<{ fields: Record<string, string>; file?: IncomingFile }> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    throw new AppError('unsupported_media_type', 'Send this call as multipart/form-data with the file in "document"');
  const form = await c.req.parseBody();
  const fields: Record<string, string> = {};
  let file: IncomingFile | undefined;
  for (const [k, v] of Object.entries(form)) {
    if (typeof v === 'string') fields[k] = v;
    else if (k === 'document' && v instanceof File)
      file = { name: v.name, type: v.type, bytes: new Uint8Array(await v.arrayBuffer()) };
    else throw new AppError('bad_request', `Unexpected file in "${k}"; send the file in "document"`);
  }
  return { fields, file };
}

/** All query parameters, each as the list of its values. */
export const queryLists = (c: Context): Record<string, string[]> => c.req.queries() as Record<string, string[]>;

/** The query string as single values (the first of a repeated parameter); companyId is the holder's, not the call's. */
export const singleQuery = (c: Context): Record<string, string> =>
  Object.fromEntries(
    Object.entries(queryLists(c))
      .filter(([k]) => k !== 'companyId')
      .map(([k, v]) => [k, v[0]]),
  );
