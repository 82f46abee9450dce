/**
 * npm run routes: every screen route of every module, one a line (as `rails routes` does): the full path, its screen
 * kind, the entity or component behind it, and the role that may open it. The spec-coverage tool reads this.
 */
import { join } from 'node:path';
import { hooks } from '../engine/hooks/index.ts';
import { loadRegistry } from '../engine/metadata/loader.ts';
import { ROOT } from '../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
const rows = [...registry.modules.values()].flatMap((m) =>
  m.screens.map((s) => [s.path, s.kind, s.entity ?? s.component ?? (s.to ? `-> ${s.to}` : ''), m.role, m.id]),
);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
console.log(['path', 'kind', 'renders', 'role', 'module'].map((h, i) => h.padEnd(widths[i] ?? 0)).join('  '));
for (const r of rows)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
