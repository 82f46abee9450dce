import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// echarts-for-react imports tslib without declaring it as a dependency; give it the copy echarts itself depends on.
const tslibOfEcharts = join(
  dirname(createRequire(createRequire(import.meta.url).resolve('echarts/package.json')).resolve('tslib')),
  'tslib.es6.js',
);

/** The renderer: built into dist/renderer, served by the Stratum server at /; `npm run dev` proxies the API to it. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: [{ find: /^tslib$/, replacement: tslibOfEcharts }] },
  build: {
    outDir: resolve(import.meta.dirname, '..', 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.RENDERER_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? 3000}`,
      '/healthz': `http://localhost:${process.env.PORT ?? 3000}`,
    },
  },
});
