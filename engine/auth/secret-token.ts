import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for the caller, and the hash we keep (a database leak reveals no usable token). */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
