import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MetadataFault } from '../metadata-error.ts';
import { LANGUAGES, type Language } from '../registry.ts';

/** A metadata file as read from disk: its path (relative to the working folder, for messages) and its parsed JSON. */
export interface ReadFile {
  readonly file: string;
  /** undefined when the file is not valid JSON (a fault says so) */
  readonly json: unknown;
}

/** What phase 1 (read) hands on: every metadata file, parsed, and the bytes the registry's hash is taken over. */
export interface MetadataFiles {
  readonly schemaDir: string;
  readonly i18n: Readonly<Record<Language, ReadFile>>;
  readonly modules: readonly (ReadFile & { readonly folder: string })[];
  readonly entities: readonly (ReadFile & { readonly module: string; readonly folder: string })[];
  readonly workflows: readonly (ReadFile & { readonly folder: string })[];
  /** module.json, entity.json and workflow.json as bytes, in folder order: what the hash covers besides the texts */
  readonly hashed: readonly Buffer[];
}

/**
 * Phase 1, read: the files of metadata/ from disk, parsed as JSON: the three i18n catalogues, and for each folder
 * of modules/ its module.json and, for each entity folder in it, entity.json and workflow.json (if any). A file that is
 * not JSON, or a module folder without module.json, is a fault; nothing is checked against a schema yet.
 */
export function readMetadata(metadataDir: string, faults: MetadataFault[]): MetadataFiles {
  const rel = (p: string) => relative(process.cwd(), p) || p;
  const parse = (path: string): ReadFile => {
    try {
      return { file: rel(path), json: JSON.parse(readFileSync(path, 'utf8')) };
    } catch (e) {
      faults.push({ file: rel(path), pointer: '', message: `is not valid JSON: ${(e as Error).message}` });
      return { file: rel(path), json: undefined };
    }
  };
  const i18n = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, parse(join(metadataDir, 'i18n', `${lang}.json`))]),
  ) as Record<Language, ReadFile>;
  const modulesDir = join(metadataDir, 'modules');
  const modules: (ReadFile & { folder: string })[] = [];
  const entities: (ReadFile & { module: string; folder: string })[] = [];
  const workflows: (ReadFile & { folder: string })[] = [];
  const hashed: Buffer[] = [];
  for (const moduleFolder of listDirs(modulesDir)) {
    const moduleFile = join(modulesDir, moduleFolder, 'module.json');
    if (!existsSync(moduleFile)) {
      faults.push({ file: rel(join(modulesDir, moduleFolder)), pointer: '', message: 'has no module.json' });
      continue;
    }
    modules.push({ ...parse(moduleFile), folder: moduleFolder });
    hashed.push(readFileSync(moduleFile));
    for (const entityFolder of listDirs(join(modulesDir, moduleFolder))) {
      const base = join(modulesDir, moduleFolder, entityFolder);
      // a folder without entity.json is reported as such by parse (not valid JSON: no such file)
      entities.push({ ...parse(join(base, 'entity.json')), module: moduleFolder, folder: entityFolder });
      if (existsSync(join(base, 'entity.json'))) hashed.push(readFileSync(join(base, 'entity.json')));
      if (existsSync(join(base, 'workflow.json'))) {
        hashed.push(readFileSync(join(base, 'workflow.json')));
        workflows.push({ ...parse(join(base, 'workflow.json')), folder: entityFolder });
      }
    }
  }
  return { schemaDir: join(metadataDir, 'schema'), i18n, modules, entities, workflows, hashed };
}

function listDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isDirectory())
    .sort();
}
