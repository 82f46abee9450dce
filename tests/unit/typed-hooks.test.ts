import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { ROOT } from '../../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);

/** Every record hook the metadata names, as `<kind> <name>`, with the entities that name it. */
function namedRecordHooks(): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  const add = (kind: string, name: string | undefined, entity: string) => {
    if (!name) return;
    const key = `${kind} ${name}`;
    if (!named.has(key)) named.set(key, new Set());
    named.get(key)!.add(entity);
  };
  for (const e of registry.entities.values()) {
    add('beforeWrite', e.beforeWrite, e.name);
    add('afterWrite', e.afterWrite, e.name);
    add('beforeDelete', e.beforeDelete, e.name);
    for (const f of e.fields) add('computed', f.computed, e.name);
    for (const t of e.workflow?.transitions ?? []) add('transition', t.hook, e.name);
  }
  return named;
}

/**
 * The generated record types as a field renamed in entity.json and `npm run gen-types` would leave them: the type
 * checker then reads the hooks against them, in memory, nothing written.
 */
function diagnosticsWithRenamed(renames: readonly { entity: string; field: string }[]): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    const renamed = renames.filter(
      (r) => file === join(ROOT, 'engine/generated/entities', `${r.entity}.ts`).replaceAll('\\', '/'),
    );
    return renamed.reduce(
      (t, r) => t?.replace(new RegExp(`^  ${r.field}(\\??):`, 'm'), `  ${r.field}Renamed$1:`),
      text,
    );
  };
  const program = ts.createProgram({ rootNames: [join(ROOT, 'engine/hooks/index.ts')], options: config.options, host });
  const byFile = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? d.file.fileName.slice(ROOT.length + 1) : '(none)';
    byFile.set(file, [...(byFile.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
  return byFile;
}

describe('typed hooks', () => {
  it('are each typed for every entity whose metadata names them', () => {
    const named = namedRecordHooks();
    const untyped = [...named].flatMap(([key, entities]) =>
      [...entities].filter((e) => !hooks.typedFor.get(key)?.includes(e as never)).map((e) => `${e}: ${key}`),
    );
    expect(untyped, 'record hooks named by an entity they are not typed for (register them with entityHooks)').toEqual(
      [],
    );
    expect(named.size).toBeGreaterThan(90);
  });

  it('register every record hook through entityHooks', () => {
    const kinds = ['computed', 'afterWrite', 'beforeWrite', 'beforeDelete', 'transition'] as const;
    const registered = kinds.flatMap((kind) => Object.keys(hooks[kind]).map((name) => `${kind} ${name}`));
    expect(registered.filter((key) => !hooks.typedFor.has(key))).toEqual([]);
  });

  it('sit in one folder per module, named as its metadata folder, each registered by its index.ts in the one list', () => {
    const hooksDir = join(ROOT, 'engine/hooks');
    const modules = new Set(readdirSync(join(ROOT, 'metadata/modules')));
    const folders = readdirSync(hooksDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(
      folders.filter((f) => !modules.has(f)),
      'hook folders no module is named as',
    ).toEqual([]);
    expect(
      folders.filter((f) => !existsSync(join(hooksDir, f, 'index.ts'))),
      'module folders without an index.ts',
    ).toEqual([]);
    const list = readFileSync(join(hooksDir, 'index.ts'), 'utf8');
    expect(
      folders.filter((f) => !list.includes(`from './${f}/index.ts'`)),
      'module folders the list in engine/hooks/index.ts leaves out',
    ).toEqual([]);
    // the rest of engine/hooks is the hook kinds and their typed reads, no module's hooks
    expect(
      readdirSync(hooksDir)
        .filter((f) => f.endsWith('.ts'))
        .sort(),
    ).toEqual(['hook-registry.ts', 'index.ts', 'typed-reads.ts']);
    // one registration style: only a module's index.ts registers hooks
    const registering = folders.flatMap((f) =>
      readdirSync(join(hooksDir, f), { recursive: true, encoding: 'utf8' })
        .filter(
          (file) =>
            file.endsWith('.ts') &&
            file !== 'index.ts' &&
            /\b(entityHooks|mergeHookSets)\(/.test(readFileSync(join(hooksDir, f, file), 'utf8')),
        )
        .map((file) => `${f}/${file}`),
    );
    expect(registering, "files registering hooks besides their module's index.ts").toEqual([]);
  });

  it('fail the typecheck where they read a field that entity.json renamed', { timeout: 180_000 }, () => {
    // each field is read by the hook file beside it; a union-typed hook (audit approvals) fails when any one entity renames
    const cases = [
      { entity: 'risk', field: 'impact', file: 'engine/hooks/risk-management/risk-rating-derivation.ts' },
      {
        entity: 'compliance-activity',
        field: 'nextComplianceDate',
        file: 'engine/hooks/compliance-management/activity-due-status.ts',
      },
      { entity: 'employee', field: 'firstName', file: 'engine/hooks/organisation/employee-derived.ts' },
      { entity: 'audit-scope', field: 'reason', file: 'engine/hooks/audit-management/audit-tasks.ts' },
      { entity: 'pillar-objective', field: 'pillarId', file: 'engine/hooks/strategy-management/plan-placement.ts' },
      { entity: 'quarter', field: 'agreementStartDate', file: 'engine/hooks/performance/review/window-sync.ts' },
      {
        entity: 'qa-member',
        field: 'annualPlanId',
        file: 'engine/hooks/performance/quality-assurance/review-derivation.ts',
      },
    ];
    for (const c of cases)
      expect(readFileSync(join(ROOT, 'engine/generated/entities', `${c.entity}.ts`), 'utf8')).toMatch(
        new RegExp(`^  ${c.field}\\??:`, 'm'),
      );
    const renamed = diagnosticsWithRenamed(cases);
    expect(
      cases.filter((c) => !renamed.get(c.file)?.length).map((c) => `${c.entity}.${c.field} in ${c.file}`),
      'hooks that still typecheck with the field renamed',
    ).toEqual([]);
    // and nothing but the renames fails: as committed, the hooks typecheck
    const files = new Set(cases.map((c) => c.file));
    expect(
      [...renamed.keys()].filter(
        (f) =>
          f.startsWith('engine/hooks/') &&
          !files.has(f) &&
          !renamed.get(f)!.some((m) => cases.some((c) => m.includes(c.field))),
      ),
    ).toEqual([]);
  });
});
