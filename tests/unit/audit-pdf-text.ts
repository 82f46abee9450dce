import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why the PDF checks cannot run here (no poppler-utils), or null; under CI a missing tool is a failure, not a skip. */
export function popplerSkipReason(): string | null {
  if (spawnSync('pdftotext', ['-v']).status === 0) return null;
  const msg = 'pdftotext is missing: the PDF checks cannot run (apt-get install -y poppler-utils)';
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`\n!!! ${msg}; they are SKIPPED !!!\n`);
  return msg;
}

/** Runs a poppler tool (poppler-utils: pdftotext, pdfinfo, pdffonts) on a PDF's bytes and returns what it prints. */
export function poppler(
  tool: 'pdftotext' | 'pdfinfo' | 'pdffonts',
  bytes: Uint8Array,
  args: readonly string[] = [],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'stratum-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return execFileSync(tool, tool === 'pdftotext' ? [...args, file, '-'] : [...args, file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text a PDF shows, as a reader's copy and paste or a screen reader gets it (pdftotext, UTF-8). */
export const pdfText = (bytes: Uint8Array): string => poppler('pdftotext', bytes, ['-enc', 'UTF-8']);
