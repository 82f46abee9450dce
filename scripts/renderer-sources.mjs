/**
 * What the renderer's build is made from, as one digest: its sources, the lock file and the build script. Plain
 * JavaScript, so that `npm start` (scripts/start.mjs) can tell whether the build is stale without the TypeScript
 * loader or Vite, and scripts/build-renderer.ts stamps its build with the same digest.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const RENDERER_OUT = join(ROOT, 'dist', 'renderer');
export const RENDERER_STAMP = join(RENDERER_OUT, '.sources');

/** @returns {string} */
export function rendererSourcesHash() {
  const h = createHash('sha256');
  /** @param {string} dir */
  const walk = (dir) => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  walk(join(ROOT, 'renderer'));
  h.update(readFileSync(join(ROOT, 'package-lock.json')));
  h.update(readFileSync(join(ROOT, 'scripts', 'build-renderer.ts')));
  return h.digest('hex');
}
