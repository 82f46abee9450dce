/**
 * npm run build: the renderer into dist/renderer. With --if-stale (npm start) it builds only when the build is missing
 * or older than the renderer's sources, the metadata schema or the lock file, so that a fresh clone just works.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  RENDERER_OUT as OUT,
  RENDERER_STAMP as STAMP,
  ROOT,
  rendererSourcesHash as sourcesHash,
} from './renderer-sources.mjs';

export async function buildRenderer(onlyIfStale: boolean): Promise<boolean> {
  const hash = sourcesHash();
  if (onlyIfStale && existsSync(join(OUT, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash)
    return false;
  // always React's production build: under vitest NODE_ENV is "test", and vite would otherwise ship the development
  // runtime (three times the JavaScript) to the e2e tests and to whoever starts the server after them
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Vite is loaded only to build: a start that finds the build up to date does not pay for loading it
    const { build } = await import('vite');
    await build({
      configFile: join(ROOT, 'renderer', 'vite.config.ts'),
      logLevel: onlyIfStale ? 'warn' : 'info',
      mode: 'production',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  precompressAssets(join(OUT, 'assets'));
  writeFileSync(STAMP, hash);
  return true;
}

/** The asset types worth compressing: text (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.html', '.map']);

/**
 * Every compressible asset also as .br (brotli, the best ratio, at build time rather than per request) and .gz, for
 * the server's serveStatic to send whichever the browser accepts (`precompressed`, server/routes/renderer-routes.ts).
 */
function precompressAssets(dir: string): void {
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (!COMPRESSIBLE.has(extname(f)) || statSync(path).size < 1024) continue;
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const built = await buildRenderer(process.argv.includes('--if-stale'));
  console.log(built ? 'renderer built into dist/renderer' : 'renderer build is up to date');
}
