import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef, ModuleDef, ModuleMeta } from './registry.ts';

/**
 * A module's screens against the entities and the other screens: the entity a screen names exists and, for what the
 * screen presets, takes as parameters, lists from (`source`), reports (`report`), takes after adding (`then`) and
 * needs (`needs`), has those fields, filters, commands and transitions; the texts it names are in English; a redirect
 * says where, a custom screen its component, a tabs screen its tabs; add, edit and tab paths are screens.
 */
export function checkScreens(
  moduleFiles: readonly { readonly file: string; readonly data: ModuleMeta }[],
  modules: ReadonlyMap<string, ModuleDef>,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  for (const mf of moduleFiles) {
    const m = mf.data;
    (m.screens ?? []).forEach((s, i) => {
      if (s.entity && !entities.has(s.entity))
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}/entity`,
          message: `names the unknown entity "${s.entity}"`,
        });
      if (s.label) key(mf.file, `/screens/${i}/label`, s.label);
      for (const [call, title] of Object.entries(s.errors ?? {})) {
        key(mf.file, `/screens/${i}/errors/${call}`, title);
        if (!s.entity)
          faults.push({
            file: mf.file,
            pointer: `/screens/${i}/errors`,
            message: 'error titles need an entity on the screen',
          });
      }
      if (s.kind === 'redirect' && !s.to)
        faults.push({ file: mf.file, pointer: `/screens/${i}`, message: 'a redirect needs "to"' });
      const target = s.entity ? entities.get(s.entity) : undefined;
      for (const k of Object.keys(s.preset ?? {}))
        if (target && !(target.field.has(k) && (s.kind !== 'list' || target.list.filters.includes(k))))
          faults.push({
            file: mf.file,
            pointer: `/screens/${i}/preset/${k}`,
            message: `"${k}" is not ${s.kind === 'list' ? 'a filter' : 'a field'} of ${s.entity}`,
          });
      // a parameter names a field (a filter, for lists) or, as "id", the record a form edits
      for (const [param, field] of Object.entries(s.params ?? {}) as [string, string][])
        if (
          target &&
          !(field === 'id'
            ? s.kind !== 'list'
            : target.field.has(field) && (s.kind !== 'list' || target.list.filters.includes(field)))
        )
          faults.push({
            file: mf.file,
            pointer: `/screens/${i}/params/${param}`,
            message: `"${field}" is not ${field === 'id' ? 'the record of a list' : s.kind === 'list' ? 'a filter' : 'a field'} of ${s.entity}`,
          });
      if (s.owner && target && !target.owner)
        faults.push({ file: mf.file, pointer: `/screens/${i}/owner`, message: `${s.entity} declares no owner` });
      if (
        s.source !== undefined &&
        !(
          s.kind === 'list' &&
          target?.commands.some((c) => c.name === s.source && c.kind === 'hook' && c.method === 'GET')
        )
      )
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}/source`,
          message: `"${s.source}" is not a GET hook command of ${s.entity ?? "the screen's entity"} (source is for list screens)`,
        });
      if (
        (s.kind === 'report') !== (s.report !== undefined) ||
        (s.report !== undefined && !target?.commands.some((c) => c.name === s.report && c.report))
      )
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}`,
          message: `a report screen names a report command of its entity in "report"${s.report ? `; "${s.report}" is not one of ${s.entity ?? 'no entity'}` : ''}`,
        });
      if (
        s.then !== undefined &&
        !(
          s.kind === 'form' &&
          s.mode === 'add' &&
          target?.workflow?.transitions.some((x) => x.action === s.then && x.from.includes(target.workflow!.initial))
        )
      )
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}/then`,
          message: `"${s.then}" is not a transition of ${s.entity ?? "the screen's entity"} from its initial state (then is for add forms)`,
        });
      if (s.kind === 'custom' && !s.component)
        faults.push({ file: mf.file, pointer: `/screens/${i}`, message: 'a custom screen needs "component"' });
      if (
        s.needs !== undefined &&
        !(target && (['add', 'update', 'delete'].includes(s.needs) || target.commands.some((c) => c.name === s.needs)))
      )
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}/needs`,
          message: `"${s.needs}" is not add, update, delete or a command of ${s.entity ?? 'the screen\'s entity (name one in "entity")'}`,
        });
      // a screen offered only to those who may do what it needs is offered to nobody when nobody may (adding quarters)
      else if (
        s.needs !== undefined &&
        target &&
        (
          (['add', 'update', 'delete'].includes(s.needs)
            ? target.access[s.needs as 'add' | 'update' | 'delete']
            : target.commands.find((c) => c.name === s.needs)!.access) ?? []
        ).length === 0
      )
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}/needs`,
          message: `nobody may ${s.needs} ${s.entity}${['add', 'update', 'delete'].includes(s.needs) ? ' records' : ''}, so the screen would be offered to no one; name what its users do there`,
        });
    });
  }
  const paths = new Set([...modules.values()].flatMap((m) => m.screens.map((x) => x.path)));
  for (const mf of moduleFiles)
    (mf.data.screens ?? []).forEach((s, i) => {
      for (const k of ['add', 'edit'] as const)
        if (s[k] && !paths.has(s[k]))
          faults.push({ file: mf.file, pointer: `/screens/${i}/${k}`, message: `"${s[k]}" is not a screen` });
      if (s.panels && !((s.kind === 'form' || s.kind === 'detail') && s.mode === 'edit'))
        faults.push({
          file: mf.file,
          pointer: `/screens/${i}/panels`,
          message: 'panels show under the form of a record: an edit form screen',
        });
      if (s.kind === 'tabs' && !s.tabs?.length)
        faults.push({ file: mf.file, pointer: `/screens/${i}`, message: 'a tabs screen needs "tabs"' });
      (s.tabs ?? []).forEach((tab, j) => {
        if (!paths.has(tab))
          faults.push({ file: mf.file, pointer: `/screens/${i}/tabs/${j}`, message: `"${tab}" is not a screen` });
        else if (tab === s.path)
          faults.push({
            file: mf.file,
            pointer: `/screens/${i}/tabs/${j}`,
            message: 'a tabs screen cannot be its own tab',
          });
      });
    });
}
