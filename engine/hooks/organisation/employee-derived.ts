import type { Row } from '../../db/db.ts';

/** fullName: first and last name with one space, whichever are present. */
export const fullName = (e: Row): string => [e.firstName, e.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');

export const HEAD_FLAGS = ['businessUnitHead', 'departmentHead', 'divisionHead', 'sectionHead', 'subSectionHead', 'subSubSectionHead'] as const;

/** head: Yes when the employee heads any level of the organisation. */
export const head = (e: Row): 'Yes' | 'No' => (HEAD_FLAGS.some((f) => e[f] === 'Yes') ? 'Yes' : 'No');
