/** npm run routes: every screen route the metadata declares, with what renders it (the spec-coverage tool reads this). */
import { join } from 'node:path';
import { hooks } from '../engine/hooks/index.ts';
import { loadRegistry } from '../engine/metadata/loader.ts';
import { ROOT } from '../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
for (const m of registry.modules.values())
  for (const s of m.screens) console.log(`${s.path}\t${m.id}\t${s.kind}${s.entity ? ` ${s.entity}` : ''}${s.component ? ` ${s.component}` : ''}${s.to ? ` -> ${s.to}` : ''}`);
