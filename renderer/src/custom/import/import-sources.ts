import type { ImportField } from './employee-fields.ts';

export type ImportSourceId = 'stratum' | 'sage' | 'cow';

/** Where a file comes from, and the header names its export uses for each employee field (first name = the usual one). */
export interface ImportSource {
  id: ImportSourceId;
  labelKey: string;
  headers: { readonly [F in ImportField]?: readonly [string, ...string[]] };
}

/** Stratum's own template: one column per field, headed with the field's English label. */
const STRATUM: ImportSource = {
  id: 'stratum',
  labelKey: 'import.source.stratum',
  headers: {
    firstName: ['First name'],
    lastName: ['Last name'],
    email: ['E-mail'],
    employeeNumber: ['Employee number'],
    jobTitle: ['Job title'],
    supervisorId: ['Supervisor e-mail'],
    businessUnitId: ['Business unit'],
    departmentId: ['Department'],
    divisionId: ['Division'],
    sectionId: ['Section'],
    subSectionId: ['Sub-section'],
    subSubSectionId: ['Sub-sub-section'],
    businessUnitHead: ['Business unit head'],
    departmentHead: ['Department head'],
    divisionHead: ['Division head'],
    sectionHead: ['Section head'],
    subSectionHead: ['Sub-section head'],
    subSubSectionHead: ['Sub-sub-section head'],
    status: ['Status'],
  },
};

/** Sage payroll / HR employee export. */
const SAGE: ImportSource = {
  id: 'sage',
  labelKey: 'import.source.sage',
  headers: {
    employeeNumber: ['Employee Reference', 'Reference'],
    firstName: ['Forename'],
    lastName: ['Surname'],
    email: ['Email Address', 'E-mail Address'],
    jobTitle: ['Job Title'],
    departmentId: ['Department'],
  },
};

/** Cow HR staff export. */
const COW: ImportSource = {
  id: 'cow',
  labelKey: 'import.source.cow',
  headers: {
    employeeNumber: ['Staff No', 'Staff Number'],
    firstName: ['First Name'],
    lastName: ['Last Name'],
    email: ['E-mail', 'Work E-mail'],
    jobTitle: ['Position'],
    businessUnitId: ['Business Unit'],
    departmentId: ['Department'],
    divisionId: ['Division'],
    sectionId: ['Section'],
  },
};

export const IMPORT_SOURCES: readonly ImportSource[] = [STRATUM, SAGE, COW];

export const importSource = (id: ImportSourceId): ImportSource => IMPORT_SOURCES.find((s) => s.id === id) ?? STRATUM;

/** The header row of the Stratum template, one column per field that has a header. */
export const templateHeaders = (fields: readonly ImportField[]): string[] =>
  fields.flatMap((f) => STRATUM.headers[f]?.[0] ?? []);
