/**
 * npm run build: the renderer into dist/renderer. With --if-stale (npm start) it builds only when the build is missing
 * or older than the renderer's sources, the metadata schema or the lock file, so that a fresh clone just works.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist', 'renderer');
const STAMP = join(OUT, '.sources');

function sourcesHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  walk(join(ROOT, 'renderer'));
  h.update(readFileSync(join(ROOT, 'package-lock.json')));
  return h.digest('hex');
}

export async function buildRenderer(onlyIfStale: boolean): Promise<boolean> {
  const hash = sourcesHash();
  if (onlyIfStale && existsSync(join(OUT, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return false;
  // always React's production build: under vitest NODE_ENV is "test", and vite would otherwise ship the development
  // runtime (three times the JavaScript) to the e2e tests and to whoever starts the server after them
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'renderer', 'vite.config.ts'), logLevel: onlyIfStale ? 'warn' : 'info', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(STAMP, hash);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const built = await buildRenderer(process.argv.includes('--if-stale'));
  console.log(built ? 'renderer built into dist/renderer' : 'renderer build is up to date');
}
