import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../engine/auth/secret-box.ts';
import { loadSecretKey, parseSecretKey } from '../../engine/auth/secret-key.ts';

describe('secrets at rest', () => {
  const key = randomBytes(32);

  it('seals with AES-256-GCM: a fresh IV each time, and opens again', () => {
    const a = sealSecret(key, 'client-secret');
    const b = sealSecret(key, 'client-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret');
    expect(openSecret(key, a)).toBe('client-secret');
  });

  it('refuses a value sealed with another key, and a tampered one', () => {
    const sealed = sealSecret(key, 'client-secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow(/sealed with another key/);
    const parts = sealed.split(':');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(key, parts.join(':'))).toThrow();
  });

  it('takes STRATUM_SECRET_KEY as hex or base64 of 32 bytes, and nothing else', () => {
    expect(parseSecretKey(key.toString('hex'), 'x')).toEqual(key);
    expect(parseSecretKey(key.toString('base64'), 'x')).toEqual(key);
    expect(() => parseSecretKey('too-short', 'STRATUM_SECRET_KEY')).toThrow(/STRATUM_SECRET_KEY must be 32 bytes/);
  });

  it('without it, generates a key once in the data folder (owner-only) and keeps using it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stratum-key-'));
    const first = loadSecretKey(undefined, dir);
    expect(first.generated).toBe(true);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    const again = loadSecretKey(undefined, dir);
    expect(again.generated).toBe(false);
    expect(again.key).toEqual(first.key);
    expect(readFileSync(first.file!, 'utf8').trim()).toBe(first.key.toString('base64'));
    expect(loadSecretKey(key.toString('hex'), dir).key).toEqual(key);
  });
});
