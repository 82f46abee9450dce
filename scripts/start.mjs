/**
 * npm start: the renderer built when stale, then the server from a bundle compiled ahead of time.
 *
 * Starting server/main.ts through the TypeScript loader (tsx) compiles and resolves some four hundred modules one
 * by one through the loader's hooks on every start, which took most of a restart. Here the server is bundled once
 * by esbuild into dist/server/main.mjs and its chunks (its packages stay in node_modules), and bundled again only
 * when a file it was built from changed since (each input's size and time, as the bundle's metafile lists them, are
 * kept beside it), so that a restart on an existing data folder runs plain JavaScript. A fresh clone builds both on its first
 * start. Tests and scripts keep running the sources through tsx: nothing else depends on the bundle.
 *
 * Plain JavaScript itself, so that it needs no loader to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RENDERER_OUT, RENDERER_STAMP, ROOT, rendererSourcesHash } from './renderer-sources.mjs';

const OUT = join(ROOT, 'dist', 'server');
const BUNDLE = join(OUT, 'main.mjs');
const INPUTS = join(OUT, 'inputs.json');

/** The renderer, built by the usual script (Vite, through tsx) only when its sources changed. */
function rendererUpToDate() {
  return (
    existsSync(join(RENDERER_OUT, 'index.html')) &&
    existsSync(RENDERER_STAMP) &&
    readFileSync(RENDERER_STAMP, 'utf8') === rendererSourcesHash()
  );
}

/** @param {string} file */
const fingerprint = (file) => {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/** Whether the bundle was built here from the files as they are now (and by this script as it is now). */
function bundleUpToDate() {
  if (!existsSync(BUNDLE) || !existsSync(INPUTS)) return false;
  /** @type {{ root: string, inputs: Record<string, string>, outputs?: string[] }} */
  const kept = JSON.parse(readFileSync(INPUTS, 'utf8'));
  return (
    kept.root === ROOT &&
    Object.entries(kept.inputs).every(([file, print]) => fingerprint(file) === print) &&
    (kept.outputs ?? []).every((/** @type {string} */ file) => existsSync(file))
  );
}

/**
 * A module's own place, where its source names it (`import.meta.dirname` and the like): in the bundle every module
 * would otherwise see the bundle's place, and the server finds its metadata, texts, migrations and PGlite's thread
 * from where its sources are.
 */
const ownPlace = {
  name: 'own-place',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx)$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

async function bundleServer() {
  const { build } = await import('esbuild');
  // chunks of an earlier build would stay beside the new ones, each under its own hash
  rmSync(join(OUT, 'chunks'), { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(ROOT, 'server', 'main.ts')],
    outdir: OUT,
    // the entry apart from the engine, which it imports when it serves (server/main.ts): split into chunks
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [ownPlace],
  });
  const files = [
    ...Object.keys(result.metafile.inputs).map((f) => resolve(ROOT, f)),
    join(ROOT, 'package-lock.json'),
    join(ROOT, 'tsconfig.json'),
    import.meta.filename,
  ];
  writeFileSync(
    INPUTS,
    JSON.stringify({
      root: ROOT,
      inputs: Object.fromEntries(files.map((f) => [f, fingerprint(f)])),
      // the chunks the entry imports
      outputs: Object.keys(result.metafile.outputs).map((f) => resolve(ROOT, f)),
    }),
  );
}

if (!rendererUpToDate()) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'build-renderer.ts')], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!bundleUpToDate()) {
  mkdirSync(OUT, { recursive: true });
  await bundleServer();
}
await import(pathToFileURL(BUNDLE).href);
