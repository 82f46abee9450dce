import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { hashPassword } from './password-hash.ts';

/** At first boot, the platform administrator's account; returns the generated password when none was given (printed once). */
export async function ensureHolder(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await db.query(`SELECT id FROM account WHERE role = 'holder'`);
  if (existing) return { created: false };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  await db.query(
    `INSERT INTO account (email, password_hash, role, first_name, last_name) VALUES ($1, $2, 'holder', 'Platform', 'Administrator')`,
    [email, await hashPassword(password ?? generated!)],
  );
  return { created: true, generatedPassword: generated };
}
