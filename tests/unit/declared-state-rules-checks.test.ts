import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { metadataWithFixture } from '../support/fixture-module.ts';
import { editJson } from '../support/metadata-copy.ts';

/**
 * A command's conditions (`when`), a hold by reference (`heldBy`), a lock by a field's value (`lockedWhen`) and the
 * conditions on a write (`writeWhen`) are checked at boot like a transition's
 * conditions: what they name must exist, and `npm run check` says where it does not, by file and JSON pointer.
 */
describe('declared state rules at boot', () => {
  const entityFile = 'expenses/expense-claim/entity.json';
  /** The faults of the state rules (commands' when, heldBy) once the fixture's entity is edited; [] when it loads. */
  const faults = (edit: (e: any) => void): string[] => {
    const meta = metadataWithFixture('expenses');
    editJson(join(meta, 'modules', entityFile), (e: any) => {
      e.errors = { ...e.errors, 'set-comment': 'error.submitExpenseClaim', 'add-many': 'error.submitExpenseClaim' };
      edit(e);
    });
    try {
      loadRegistry(meta, hooks);
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(MetadataError);
      return (err as MetadataError).faults
        .filter((f) => /\/(commands\/\d+\/when|heldBy)/.test(f.pointer) || /^\/(lockedWhen|writeWhen)/.test(f.pointer))
        .map((f) => `${f.file.replace(/^.*modules\//, '')}${f.pointer}: ${f.message}`);
    }
  };
  const comment = { name: 'set-comment', kind: 'patch', fields: ['comment'], access: ['self'] };

  it('takes conditions on a command that acts on one record, and names what they get wrong', () => {
    expect(
      faults((e) => (e.commands = [{ ...comment, when: [{ field: 'status', op: 'eq', value: 'Draft' }] }])),
    ).toEqual([]);
    expect(
      faults((e) => (e.commands = [{ ...comment, when: [{ field: 'status', op: 'eq', value: 'Paid' }] }])),
    ).toEqual([
      `${entityFile}/commands/0/when/0/value: "Paid" is not one of the values of "status" (Draft, Submitted, Approved, Rejected)`,
    ]);
    expect(faults((e) => (e.commands = [{ ...comment, when: [{ present: ['employeeId.nickname'] }] }]))).toEqual([
      `${entityFile}/commands/0/when/0/present/0: "nickname" is not a stored field of employee`,
    ]);
    expect(
      faults(
        (e) =>
          (e.commands = [
            {
              name: 'add-many',
              kind: 'bulkAdd',
              access: ['employee'],
              when: [{ field: 'amount', op: 'lte', value: 10 }],
            },
          ]),
      ),
    ).toEqual([
      `${entityFile}/commands/0/when: only a command on one record (a POST patch, upload, share or hook, given the record's "id") has conditions; add-many is a POST bulkAdd`,
    ]);
  });

  it('takes a hold by a reference, and names a reference, field or value that is not there', () => {
    expect(faults((e) => (e.heldBy = [{ ref: 'employeeId', field: 'firstName', values: ['Gone'] }]))).toEqual([]);
    expect(faults((e) => (e.heldBy = [{ ref: 'title', field: 'status', values: ['Closed'] }]))).toEqual([
      `${entityFile}/heldBy/0/ref: "title" is not a stored reference field of expense-claim`,
    ]);
    expect(faults((e) => (e.heldBy = [{ ref: 'employeeId', field: 'standing', values: ['Closed'] }]))).toEqual([
      `${entityFile}/heldBy/0/field: "standing" is not a stored field of employee`,
    ]);
    expect(faults((e) => (e.heldBy = [{ ref: 'employeeId', field: 'firstName', values: [7] }]))).toEqual([
      `${entityFile}/heldBy/0/values/0: 7 is not a text value, as "firstName" holds`,
    ]);
  });

  it('takes a lock by a field value, and names a field, value, fixed field or reason that is not there', () => {
    const lock = { field: 'amount', values: [0], fixed: ['comment'], reason: 'lockReason.qa.complete' };
    expect(
      faults((e) => (e.lockedWhen = [lock, { field: 'comment', filled: true, reason: 'lockReason.qa.complete' }])),
    ).toEqual([]);
    expect(faults((e) => (e.lockedWhen = [{ ...lock, field: 'amont' }]))).toEqual([
      `${entityFile}/lockedWhen/0/field: "amont" is not a stored field`,
    ]);
    expect(faults((e) => (e.lockedWhen = [{ ...lock, values: ['none'] }]))).toEqual([
      `${entityFile}/lockedWhen/0/values/0: "none" is not a number value, as "amount" holds`,
    ]);
    expect(faults((e) => (e.lockedWhen = [{ ...lock, fixed: ['coment'] }]))).toEqual([
      `${entityFile}/lockedWhen/0/fixed/0: "coment" is not a stored field`,
    ]);
    expect(faults((e) => (e.lockedWhen = [{ ...lock, reason: 'lockReason.nowhere' }]))).toEqual([
      `${entityFile}/lockedWhen/0/reason: names the i18n key "lockReason.nowhere", which metadata/i18n/en.json does not define`,
    ]);
  });

  it('takes conditions on an add or update, and names what they get wrong', () => {
    expect(
      faults(
        (e) => (e.writeWhen = { add: [{ field: 'amount', op: 'lte', value: 1000 }], update: [{ role: ['self'] }] }),
      ),
    ).toEqual([]);
    expect(faults((e) => (e.writeWhen = { add: [{ field: 'employeeId.nickname', op: 'eq', value: 'x' }] }))).toEqual([
      `${entityFile}/writeWhen/add/0/field: "nickname" is not a stored field of employee`,
    ]);
    expect(faults((e) => (e.writeWhen = { update: [{ field: 'status', op: 'eq', value: 'Paid' }] }))).toEqual([
      `${entityFile}/writeWhen/update/0/value: "Paid" is not one of the values of "status" (Draft, Submitted, Approved, Rejected)`,
    ]);
  });
});
