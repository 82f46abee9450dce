import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/** 32 bytes from base64 or hex text; anything else is refused with what was expected. */
export function parseSecretKey(text: string, source: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32)
    throw new Error(
      `${source} must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32); got ${key.length} bytes`,
    );
  return key;
}

/**
 * The key that seals secrets at rest. STRATUM_SECRET_KEY when set (needed when several servers share one PostgreSQL);
 * otherwise one generated at first boot and kept in DATA_DIR/secret.key (mode 0600): next to the embedded database
 * but never inside any database, so that a database dump alone does not reveal the secrets it holds.
 */
export function loadSecretKey(
  envValue: string | undefined,
  dataDir: string,
): { key: Buffer; generated: boolean; file?: string } {
  if (envValue) return { key: parseSecretKey(envValue, 'STRATUM_SECRET_KEY'), generated: false };
  const file = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) return { key: parseSecretKey(readFileSync(file, 'utf8'), file), generated: false, file };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return { key, generated: true, file };
}
