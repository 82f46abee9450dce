import { createHash } from 'node:crypto';
import { useCatalogue } from '../../i18n/catalogue.ts';
import { LANGUAGES, type Language, type Messages, type Registry } from '../registry.ts';
import type { MetadataFiles } from './read.ts';
import type { ResolvedMetadata } from './resolve.ts';

/**
 * Phase 5, freeze: the Registry, deeply frozen so that nothing changes the metadata at run time, with a hash of the
 * metadata (recorded with each migration, shown by /healthz) over the module, entity and workflow files as read and
 * the texts of every language. Runs only when no phase reported a fault.
 */
export function freezeRegistry(
  files: MetadataFiles,
  messages: Readonly<Record<Language, Messages>>,
  resolved: ResolvedMetadata,
): Registry {
  const hash = createHash('sha256');
  for (const bytes of files.hashed) hash.update(bytes);
  for (const lang of LANGUAGES) hash.update(JSON.stringify(messages[lang]));
  // the engine words its messages in English with these texts where no caller is in sight (the envelope words them again in the caller's)
  useCatalogue(messages);
  const { entities, modules } = resolved;
  const registry: Registry = {
    entities,
    modules,
    messages,
    hash: hash.digest('hex').slice(0, 16),
    entity(name: string) {
      const e = entities.get(name);
      if (!e) throw new Error(`unknown entity ${name}`);
      return e;
    },
  };
  return deepFreeze(registry);
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    if (o instanceof Map) for (const v of o.values()) deepFreeze(v);
    else for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
