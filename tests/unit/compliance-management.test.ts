import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import { dueStatusFilter } from '../../engine/hooks/compliance-management/activity-due-status.ts';
import { noteLabel, submissionLabel } from '../../engine/hooks/compliance-management/compliance-labels.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { parseListQuery } from '../../engine/records/list-query.ts';
import { ROOT } from '../../server/boot.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
const faultsOf = (dir: string) => {
  try {
    loadRegistry(dir, hooks);
  } catch (e) {
    if (e instanceof MetadataError)
      return e.faults.map((f) => `${f.file.replace(/.*metadata\//, 'metadata/')}#${f.pointer} ${f.message}`).join('\n');
    throw e;
  }
  return '';
};
const entityFile = (dir: string, name: string) => join(dir, 'modules/compliance-management', name, 'entity.json');

describe('compliance labels', () => {
  it('names a submission by its date and state, and a note by its first line', () => {
    expect(
      submissionLabel(partialRecord('compliance-submission', { complianceDate: '2027-03-10', status: 'Declined' })),
    ).toBe('10/03/2027 · Declined');
    expect(noteLabel(partialRecord('compliance-note', { note: 'Form changed\nsee the gazette' }))).toBe('Form changed');
    expect(noteLabel(partialRecord('compliance-note', { note: 'x'.repeat(100) }))).toBe(`${'x'.repeat(79)}…`);
  });
});

describe('the due status as a list filter', () => {
  const sql = () => {
    const params: unknown[] = [];
    return { params, column: (f: string) => `"${f}"`, param: (v: unknown) => `$${params.push(v)}` };
  };

  it('turns each status into SQL over the stored next date and frequency, with today as a parameter', () => {
    const s = sql();
    expect(dueStatusFilter('Overdue', s)).toBe('"nextComplianceDate" < $1::date');
    expect(dueStatusFilter('Due soon', s)).toMatch(
      /^"nextComplianceDate" >= \$2::date AND "nextComplianceDate" <= \(\$2::date \+ \(CASE "frequency" WHEN 'Weekly' THEN 2 WHEN 'Monthly' THEN 7 .* ELSE 0 END\)\)$/,
    );
    expect(dueStatusFilter('Unknown', s)).toBe('false');
    expect(s.params.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(String(p)))).toBe(true);
  });

  it('is a filter of the activity list, by value or list of values, and by nothing else', () => {
    const activity = registry.entity('compliance-activity');
    const q = parseListQuery(activity, { 'dueStatus[in]': ['Overdue,Due soon'] }, 2, hooks.filter);
    expect(q.where).toHaveLength(1);
    expect(q.where[0]).toMatch(/^\(\(.*< \$2::date\) OR \(.*\$3::date.*\)\)$/);
    expect(() => parseListQuery(activity, { 'dueStatus[gte]': ['Overdue'] }, 1, hooks.filter)).toThrow(
      /"dueStatus" is computed; filter it by a value/,
    );
    expect(() => parseListQuery(activity, { dueStatus: ['Late'] }, 1, hooks.filter)).toThrow(
      /must be one of Overdue, Due soon, On track/,
    );
  });

  it('is refused by the loader on a computed field without a filter hook', () => {
    const dir = copyMetadata();
    editJson(join(dir, 'modules/compliance-management/compliance-submission/entity.json'), (e) =>
      e.list.filters.push('label'),
    );
    expect(faultsOf(dir)).toMatch(
      /compliance-submission\/entity.json#\/list\/filters\/\d+ names "label", which is not a stored field \(nor a computed one with a filter hook\)/,
    );
  });
});

describe('attach commands in the metadata', () => {
  it('point the file and its name, size, type and checksum at stored read-only fields', () => {
    const attach = registry.entity('compliance-evidence').commands.find((c) => c.kind === 'attach')!;
    expect(attach).toMatchObject({
      fields: ['file'],
      fileInfo: { name: 'name', size: 'size', mimeType: 'mimeType', sha256: 'sha256' },
      maxBytes: 5 * 1024 * 1024,
    });
    const dir = copyMetadata();
    editJson(entityFile(dir, 'compliance-evidence'), (e) => (e.commands[0].fileInfo.name = 'description'));
    expect(faultsOf(dir)).toMatch(
      /#\/commands\/0\/fileInfo\/name names "description", which is not a stored read-only field/,
    );
    const two = copyMetadata();
    editJson(entityFile(two, 'compliance-evidence'), (e) => (e.commands[0].fields = ['file', 'size']));
    expect(faultsOf(two)).toMatch(
      /#\/commands\/0\/fields an attach command names the one field that points at the file/,
    );
  });
});
