import { describe, expect, it } from 'vitest';
import { referenceTitles } from '../../renderer/src/widgets/reference-titles.ts';

const columns = ['name', 'level', 'period', 'employeeId', 'status'];
const plain = (c: string) => c !== 'employeeId';
const label = (v: string | number) => (v === 'corporate' ? 'Corporate' : v === 'employee' ? 'Employee' : String(v));

describe('the titles a reference select offers', () => {
  it('tells records of one title apart by the first plain list column that differs', () => {
    const rows = [
      { id: 1, name: 'Service FY', level: 'corporate', period: 'Annual', employeeId: null, status: 'Draft' },
      { id: 2, name: 'Service FY', level: 'employee', period: 'Annual', employeeId: 7, status: 'Accepted' },
      { id: 3, name: 'Sales FY', level: 'employee', period: 'Annual', employeeId: 8, status: 'Draft' },
    ];
    expect(referenceTitles(rows, 'name', columns, plain, label)).toEqual([
      'Service FY (Corporate)',
      'Service FY (Employee)',
      'Sales FY',
    ]);
  });

  it('skips references and keeps the bare title when nothing plain differs', () => {
    const rows = [
      { id: 1, name: 'Copy', level: 'employee', period: 'Annual', employeeId: 7, status: 'Draft' },
      { id: 2, name: 'Copy', level: 'employee', period: 'Annual', employeeId: 8, status: 'Draft' },
    ];
    expect(referenceTitles(rows, 'name', columns, plain, label)).toEqual(['Copy', 'Copy']);
  });

  it('shows a record without a title by its id', () => {
    expect(referenceTitles([{ id: 4 }], 'name', columns, plain, label)).toEqual(['4']);
  });
});
