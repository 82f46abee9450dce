import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../stratum-context.ts';

/**
 * Serves the built renderer: its assets (as the .br or .gz the build made when the browser accepts one; their names
 * carry their content's hash, so they are cached for good), and index.html for / and every /app/… path (the renderer
 * routes them).
 */
export function mountRendererRoutes(app: Hono<AppEnv>, distDir: string): void {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return;
  const root = relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => void c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // read per request: a rebuild under a running server must not leave it pointing at removed assets
  const page = (c: { html: (h: string) => Response }) => c.html(readFileSync(index, 'utf8'));
  app.get('/', page as never);
  app.get('/app', page as never);
  app.get('/app/*', page as never);
  app.get('/auth/*', page as never);
}
