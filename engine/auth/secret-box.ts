import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '../app-error.ts';
import { text } from '../i18n/text.ts';

/**
 * Secrets at rest (a provider's client secret): AES-256-GCM, a fresh 12-byte IV each time, the tag authenticating it.
 * The stored form names the key it was sealed with (the first 8 hex of its SHA-256), so that a changed
 * STRATUM_SECRET_KEY is reported as such rather than as a corrupt value.
 */
const VERSION = 'v1';

export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    keyId(key),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join(':');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, id, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || body === undefined)
    throw new AppError('internal', 'A stored secret is not in the sealed form; enter it again');
  if (id !== keyId(key)) throw AppError.worded('bad_request', text('refusal.sso.secretOtherKey'));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
