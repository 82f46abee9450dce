import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';

/** The faults of a copy of the shipped metadata, as "file#pointer message". */
function faultsOf(dir: string): string[] {
  try {
    loadRegistry(dir, hooks);
  } catch (e) {
    if (e instanceof MetadataError)
      return e.faults.map((f) => `${f.file.replace(/^.*?metadata\//, 'metadata/')}#${f.pointer} ${f.message}`);
    throw e;
  }
  return [];
}

/**
 * An entity's `inbox` declaration is checked as it is loaded: the fields it names are stored ones, its roles name a
 * person the record decides, its screen is a screen of some module, its title through a reference names a field of
 * the referenced entity, and no kind is declared twice.
 */
describe('inbox declarations', () => {
  it('loads the shipped kinds, each declared once', () => {
    const registry = loadRegistry(copyMetadata(), hooks);
    const kinds = [...registry.entities.values()].flatMap((e) => e.inbox.map((k) => [k.kind, e.name, k.title]));
    expect(kinds).toContainEqual(['scorecardsToApprove', 'performance-scorecard', ['name']]);
    expect(kinds).toContainEqual(['submissionsToProcess', 'compliance-submission', ['complianceActivityId.name']]);
    // alternatives tried in turn: an audit step without a title of its own is named by its audit
    expect(kinds).toContainEqual(['auditApprovals', 'audit-task', ['title', 'auditEngagementId.name']]);
    expect(new Set(kinds.map((k) => k[0])).size).toBe(kinds.length);
  });

  it('reports each broken part with its file and pointer', () => {
    const dir = copyMetadata();
    const file = 'modules/strategy-execution/execution-plan/entity.json';
    editJson(join(dir, file), (e) => {
      const [k] = e.inbox;
      e.inbox = [
        {
          ...k,
          when: { colour: ['Red'] },
          who: ['employee', 'self'],
          date: 'name',
          person: 'strategicPlanId',
          screen: '/app/nowhere/{nothing}',
        },
        { ...k, title: 'strategicPlanId.colour' },
      ];
    });
    expect(faultsOf(dir)).toEqual([
      `metadata/${file}#/inbox/0/when names "colour", which is not a stored field`,
      `metadata/${file}#/inbox/0/who employee is not decided by the record; name self, supervisor, field:… or member:…`,
      `metadata/${file}#/inbox/0/who names the role self, supervisor or unowned, which needs the entity to declare its owner`,
      `metadata/${file}#/inbox/0/date names "name", which is not a stored date field or createdAt`,
      `metadata/${file}#/inbox/0/person names "strategicPlanId", which is not a stored reference to employee`,
      `metadata/${file}#/inbox/0/screen names {nothing}, which is not a stored field`,
      `metadata/${file}#/inbox/0/screen "/app/nowhere/{nothing}" is not a screen of any module`,
      `metadata/${file}#/inbox/1/kind "executionPlansToAccept" is already an inbox kind of execution-plan`,
      `metadata/${file}#/inbox/1/title "colour" is not a field of the entity "strategicPlanId" references`,
    ]);
  });
});
