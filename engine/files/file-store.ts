import { createHash } from 'node:crypto';
import { AppError } from '../app-error.ts';
import { text, type Text } from '../i18n/text.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { CallContext } from '../records/call-context.ts';
import { employeeMayReadFile } from './company-file-access.ts';

export interface IncomingFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface StoredFileInfo {
  id: number;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** Signatures of the file types we accept, so that a renamed executable is not taken for a picture. */
const MAGIC: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46,
  'image/webp': (b) => b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50,
  'application/pdf': (b) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46,
};

/**
 * A file's name is a name, not a path: one that climbs (.., /, \\, a drive letter) or carries control characters is
 * refused, so that nothing that later writes, zips or serves the file (Content-Disposition) can be steered by it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function fileNameProblem(name: string): Text | null {
  if (!name.trim()) return text('refusal.file.nameEmpty');
  if (CONTROL_CHARACTERS.test(name))
    return text('refusal.file.nameControl', { name: name.replace(new RegExp(CONTROL_CHARACTERS, 'g'), '?') });
  if (/[/\\]/.test(name) || /^[A-Za-z]:/.test(name) || name === '.' || name === '..')
    return text('refusal.file.namePath', { name });
  if (name.length > 255) return text('refusal.file.nameLong', { count: name.length, max: 255 });
  return null;
}

/** Refuses a file whose name is a path (400), that is empty, larger than the command allows (413), of a type it does not take or not really of its declared type (415). */
export function checkFile(file: IncomingFile, limits: { maxBytes: number; mimeTypes: readonly string[] }): void {
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) throw AppError.worded('bad_request', nameProblem);
  if (file.bytes.length === 0) throw AppError.worded('bad_request', text('refusal.file.empty', { name: file.name }));
  if (file.bytes.length > limits.maxBytes)
    throw AppError.worded(
      'payload_too_large',
      text('refusal.file.tooLarge', { name: file.name, size: file.bytes.length, max: limits.maxBytes }),
    );
  if (limits.mimeTypes.length && !limits.mimeTypes.includes(file.type))
    throw AppError.worded(
      'unsupported_media_type',
      file.type
        ? text('refusal.file.typeNotAllowed', { type: file.type, types: limits.mimeTypes.join(', ') })
        : text('refusal.file.typeUnknown', { types: limits.mimeTypes.join(', ') }),
    );
  const magic = MAGIC[file.type];
  if (magic && !magic(file.bytes))
    throw AppError.worded(
      'unsupported_media_type',
      text('refusal.file.notReally', { name: file.name, type: file.type }),
    );
}

/** Checks name, size and type against the command's limits, then stores the file (in PostgreSQL, with its checksum) for the call's company. */
export async function storeFile(
  ctx: CallContext,
  file: IncomingFile,
  limits: { maxBytes: number; mimeTypes: readonly string[] },
): Promise<StoredFileInfo> {
  checkFile(file, limits);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const values = [file.name, file.type, file.bytes.length, sha256, file.bytes, ctx.actor.accountId];
  // A file of a company's record is that company's (row-level security); one of a platform record is the platform's.
  const [row] =
    ctx.companyId === null
      ? await ctx.tx.query<{ id: number }>(
          `INSERT INTO platform_file (name, mime_type, size, sha256, content, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          values,
        )
      : await ctx.tx.query<{ id: number }>(
          `INSERT INTO stored_file (company_id, name, mime_type, size, sha256, content, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [ctx.companyId, ...values],
        );
  return { id: row.id, name: file.name, mimeType: file.type, size: file.bytes.length, sha256 };
}

/**
 * A file of the caller's company, which an employee reads only with a record holding it (company-file-access.ts), or
 * with `platform` one of the platform's (user manuals), which every signed-in user may read.
 */
export async function readFile(
  ctx: CallContext,
  id: number,
  platform = false,
): Promise<{ name: string; mimeType: string; content: Uint8Array } | null> {
  if (platform && ctx.actor.role === 'employee' && !(await employeeMaySee(ctx, id))) return null;
  if (!platform && ctx.actor.role === 'employee' && !(await employeeMayReadFile(ctx, id))) return null;
  const [row] = platform
    ? await ctx.tx.query<{ name: string; mime_type: string; content: Uint8Array }>(
        `SELECT name, mime_type, content FROM platform_file WHERE id = $1`,
        [id],
      )
    : await ctx.tx.query<{ name: string; mime_type: string; content: Uint8Array }>(
        `SELECT name, mime_type, content FROM stored_file WHERE id = $1 AND company_id = $2`,
        [id, ctx.companyId],
      );
  return row ? { name: row.name, mimeType: row.mime_type, content: row.content } : null;
}

/**
 * Whether an employee may fetch a platform file: only when a platform record the employee may see points at it. A
 * record of an entity with a module key (a user manual) is seen only when that module is core or enabled for the
 * employee's company, or when it names no module; files no record points at are the holder's alone.
 */
async function employeeMaySee(ctx: CallContext, fileId: number): Promise<boolean> {
  for (const entity of ctx.registry.entities.values()) {
    if (entity.scope !== 'platform' || entity.tenantKey) continue;
    const files = entity.fields.filter((f) => f.schema['x-file'] === true && !f.computed);
    if (!files.length) continue;
    const params: unknown[] = [fileId];
    let sql = `SELECT 1 FROM ${quoteIdent(entity.table)} WHERE (${files.map((f) => `${quoteIdent(f.column)} = $1`).join(' OR ')})`;
    if (entity.moduleKey) {
      const column = quoteIdent(entity.field.get(entity.moduleKey)!.column);
      params.push([...ctx.actor.enabledModules]);
      sql += ` AND (${column} IS NULL OR ${column} IN (SELECT id FROM module WHERE core = 'Yes' OR code = ANY($2::text[])))`;
    }
    if ((await ctx.tx.query(`${sql} LIMIT 1`, params)).length) return true;
  }
  return false;
}
