import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError, type MetadataFault } from '../../engine/metadata/metadata-error.ts';
import { readMetadata } from '../../engine/metadata/phases/read.ts';
import { validateMetadata } from '../../engine/metadata/phases/validate.ts';
import { metadataWithFixture } from '../support/fixture-module.ts';
import { editJson } from '../support/metadata-copy.ts';

const ROLE_GRAMMAR =
  'a role is holder, employee, employee:moduleAdmin, employee:anyModuleAdmin, public, self, supervisor, unowned, field:<a reference to employee>, member:<a reference to a team>, parent:<a reference>, child:<a child collection>.<its reference to employee> or parentField:<a reference>.<its reference to employee>';
const located = (faults: readonly MetadataFault[]) =>
  faults.map(
    (f) =>
      `${f.file.replace(/^.*?metadata\//, 'metadata/')}#${f.pointer} ${f.message.replace(/^(is not valid JSON):.*/, '$1')}`,
  );

/**
 * The loader's phases (engine/metadata/phases/) each report their own faults, and one run reports them all, in phase
 * order, each with its file and JSON pointer: the implementer's module (tests/fixtures/modules/expenses) and two
 * shipped files broken as an implementer breaks them.
 */
describe('metadata loader phases', () => {
  it('reports a broken file from every phase with its file and JSON pointer, in phase order', () => {
    const dir = metadataWithFixture('expenses');
    // read: a module folder without module.json, a file that is not JSON
    mkdirSync(join(dir, 'modules/travel'));
    writeFileSync(join(dir, 'modules/expenses/expense-claim/workflow.json'), '{ "entity": "expense-claim", }');
    // validate: a schema violation, an unknown role (the workflow is left out, its entity stays)
    editJson(join(dir, 'modules/performance/training-tag/entity.json'), (e) => (e.list.pageSize = 'many'));
    editJson(
      join(dir, 'modules/performance/performance-scorecard/workflow.json'),
      (w) => (w.transitions[0].access = ['approver']),
    );
    // resolve: a relationship role on a field that names no employee
    editJson(join(dir, 'modules/expenses/expense-claim/entity.json'), (e) => (e.access.update = ['field:comment']));
    expect(faultsOf(dir)).toEqual([
      // (what the parser says after "is not valid JSON:" is Node's wording, left out here)
      'metadata/modules/expenses/expense-claim/workflow.json# is not valid JSON',
      'metadata/modules/travel# has no module.json',
      'metadata/modules/performance/training-tag/entity.json#/list/pageSize must be integer',
      `metadata/modules/performance/performance-scorecard/workflow.json#/transitions/0/access/0 names the unknown role "approver"; ${ROLE_GRAMMAR}`,
      'metadata/modules/expenses/expense-claim/entity.json#/access/update names the role field:comment, but "comment" is not a reference to employee',
      // check: the screen of the entity the schema refused
      'metadata/modules/performance/module.json#/screens/31/entity names the unknown entity "training-tag"',
    ]);
  });

  it('checks a workflow’s conditions against its entity once the references are resolved', () => {
    const dir = metadataWithFixture('expenses');
    editJson(join(dir, 'modules/expenses/expense-claim/workflow.json'), (w) => {
      w.transitions[0].when[0].anyOf[0].field = 'amont';
      w.transitions[1].notify[0].to = ['approver'];
      w.locks[1].editable = ['coment'];
    });
    expect(faultsOf(dir)).toEqual([
      `metadata/modules/expenses/expense-claim/workflow.json#/transitions/1/notify/0/to/0 names the unknown role "approver"; ${ROLE_GRAMMAR}`,
    ]);
    editJson(
      join(dir, 'modules/expenses/expense-claim/workflow.json'),
      (w) => (w.transitions[1].notify[0].to = ['self']),
    );
    expect(faultsOf(dir)).toEqual([
      'metadata/modules/expenses/expense-claim/workflow.json#/locks/1/editable/0 names "coment": "coment" is neither a stored field of expense-claim nor one of its child collections (none)',
      'metadata/modules/expenses/expense-claim/workflow.json#/transitions/0/when/0/anyOf/0/field "amont" is not a stored field of expense-claim',
    ]);
  });

  it('refuses a parentField role whose reference or field names no employee, and one outside access', () => {
    const dir = metadataWithFixture('expenses');
    const milestone = 'modules/projects/milestone/entity.json';
    editJson(join(dir, milestone), (e) => {
      e.access.add = ['parentField:name.managerId'];
      e.access.delete = ['parentField:projectId.name'];
      e.access.update = ['parentField:ownerId.managerId'];
    });
    editJson(
      join(dir, 'modules/projects/project-risk/entity.json'),
      (e) => (e.access.add = ['parentField:projectId.managerId']),
    );
    expect(faultsOf(dir)).toEqual([
      `metadata/${milestone}#/access/add names the role parentField:name.managerId, but "name" is not a stored reference to a record`,
      `metadata/${milestone}#/access/update names the role parentField:ownerId.managerId, but "ownerId" is not a stored reference to a record`,
      `metadata/${milestone}#/access/delete names the role parentField:projectId.name, but project.name is not a stored reference to employee`,
    ]);
  });

  it('hands on only the files their schema accepts', () => {
    const dir = metadataWithFixture('expenses');
    editJson(join(dir, 'modules/expenses/expense-claim/entity.json'), (e) => (e.colour = 'red'));
    const faults: MetadataFault[] = [];
    const files = readMetadata(dir, faults);
    expect(faults).toEqual([]);
    expect(files.entities.some((e) => e.folder === 'expense-claim')).toBe(true);
    const valid = validateMetadata(files, faults);
    expect(located(faults)).toEqual([
      'metadata/modules/expenses/expense-claim/entity.json#/colour is not a known property',
    ]);
    expect(valid.entities.some((e) => e.folder === 'expense-claim')).toBe(false);
    expect(valid.workflows.map((w) => w.folder)).toContain('expense-claim');
  });
});

function faultsOf(dir: string): string[] {
  try {
    loadRegistry(dir, hooks);
  } catch (e) {
    if (e instanceof MetadataError) return located(e.faults);
    throw e;
  }
  return [];
}
