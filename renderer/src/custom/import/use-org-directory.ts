import { useEffect, useState } from 'react';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { useMeta } from '../../meta/meta-context.tsx';
import type { EntityMeta } from '../../meta/meta-types.ts';
import { ORG_LEVELS } from './employee-fields.ts';
import type { OrgDirectory, OrgUnit } from './org-units.ts';

const PAGE = 500;

/**
 * Loads every unit of each organisation level (GET /api/v1/<level>?limit=500, page after page), with the level's
 * title field as its name and the level above's id as its parent. A level the user may not read stays empty.
 * `failed` tells that a list could not be loaded (the call's error is shown the usual way).
 */
export function useOrgDirectory(): { directory: OrgDirectory | null; failed: boolean } {
  const meta = useMeta();
  const { run } = useCall();
  const [directory, setDirectory] = useState<OrgDirectory | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const out: Partial<OrgDirectory> = {};
      let ok = true;
      for (let level = 0; level < ORG_LEVELS.length; level++) {
        const entity = meta.entities.find((e) => e.name === ORG_LEVELS[level].entity);
        const parentField = level > 0 ? ORG_LEVELS[level - 1].field : null;
        const units = entity ? await loadAll(entity, parentField, run) : [];
        if (!units) ok = false;
        out[ORG_LEVELS[level].entity] = units ?? [];
      }
      if (!live) return;
      setDirectory(out as OrgDirectory);
      setFailed(!ok);
    })();
    return () => {
      live = false;
    };
  }, [meta, run]);
  return { directory, failed };
}

type Run = ReturnType<typeof useCall>['run'];

async function loadAll(entity: EntityMeta, parentField: string | null, run: Run): Promise<OrgUnit[] | undefined> {
  const units: OrgUnit[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const d = await run(entity.errors.list, () => get(entity.name, { limit: PAGE, offset }));
    if (!d) return undefined;
    const rows: Record<string, unknown>[] = d[entity.dataKeys.list] ?? [];
    for (const r of rows)
      units.push({
        id: Number(r.id),
        name: String(r[entity.titleField] ?? ''),
        parentId: parentField && typeof r[parentField] === 'number' ? (r[parentField] as number) : null,
      });
    if (rows.length < PAGE) return units;
  }
}
