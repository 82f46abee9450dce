import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../server/boot.ts';

/** A copy of metadata/ in a temporary folder, to change in a test. */
export function copyMetadata(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'stratum-meta-')), 'metadata');
  cpSync(join(ROOT, 'metadata'), dir, { recursive: true });
  return dir;
}

export function editJson(file: string, edit: (json: any) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}
