/**
 * npm run check: validates every metadata file and cross-reference (as boot does), then that bn and de translate
 * every English key. Prints each fault with its file and JSON pointer; exits 1 on any.
 */
import { join } from 'node:path';
import { hooks } from '../engine/hooks/index.ts';
import { loadRegistry } from '../engine/metadata/loader.ts';
import { MetadataError } from '../engine/metadata/metadata-error.ts';
import { missingTranslations } from '../engine/metadata/translation-check.ts';
import { undescribedHooks } from '../engine/openapi/command-contracts/index.ts';
import { ROOT } from '../server/boot.ts';

const dir = process.argv[2] ?? join(ROOT, 'metadata');
try {
  const registry = loadRegistry(dir, hooks);
  const missing = missingTranslations(registry);
  for (const m of missing)
    console.error(`  metadata/i18n/${m.language}.json#/${m.key} is missing (en: "${registry.messages.en[m.key]}")`);
  // the OpenAPI document must say what every command hook returns: metadata does not, the hook's contract does
  const undescribed = undescribedHooks(registry);
  for (const u of undescribed)
    console.error(
      `  ${u.where}: the hook "${u.hook}" has no contract in engine/openapi/command-contracts (what it returns, for the OpenAPI document)`,
    );
  if (missing.length || undescribed.length) process.exit(1);
  console.log(
    `metadata ok: ${registry.modules.size} modules, ${registry.entities.size} entities, ${Object.keys(registry.messages.en).length} texts in en, bn and de`,
  );
  // Reading open to every employee of the company is a choice to make on purpose: listed so that each one is seen.
  const open = [...registry.entities.values()].filter(
    (e) => e.scope === 'company' && e.access.read.includes('employee'),
  );
  const byModule = new Map<string, string[]>();
  for (const e of open) byModule.set(e.module, [...(byModule.get(e.module) ?? []), e.name]);
  console.log(`read by every employee (${open.length} entities):`);
  for (const [module, names] of [...byModule].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${module}: ${names.sort().join(', ')}`);
  // and records of nobody that every employee reads (the role unowned), each with the condition it is limited to, if any
  const unowned = [...registry.entities.values()].filter(
    (e) => e.scope === 'company' && e.access.read.includes('unowned') && !e.access.read.includes('employee'),
  );
  if (unowned.length) console.log(`records of nobody read by every employee (unowned):`);
  for (const e of unowned)
    console.log(
      `  ${e.module}: ${e.name}${
        e.unownedWhen
          ? ` when ${e.unownedWhen
              .map((c) =>
                Object.entries(c)
                  .map(([f, v]) => `${f} ${v.join('|')}`)
                  .join(' and '),
              )
              .join(', or ')}`
          : ', every one'
      }`,
    );
} catch (e) {
  if (!(e instanceof MetadataError)) throw e;
  console.error(e.message);
  process.exit(1);
}
