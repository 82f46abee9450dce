import type { EntityRecord } from '../hook-registry.ts';

/** fullName: first and last name with one space, whichever are present. */
export const fullName = (e: Pick<EntityRecord<'employee'>, 'firstName' | 'lastName'>): string =>
  [e.firstName, e.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');

export const HEAD_FLAGS = [
  'businessUnitHead',
  'departmentHead',
  'divisionHead',
  'sectionHead',
  'subSectionHead',
  'subSubSectionHead',
] as const;

/** head: Yes when the employee heads any level of the organisation. */
export const head = (e: Pick<EntityRecord<'employee'>, (typeof HEAD_FLAGS)[number]>): 'Yes' | 'No' =>
  HEAD_FLAGS.some((f) => e[f] === 'Yes') ? 'Yes' : 'No';
