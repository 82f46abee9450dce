import { describe, expect, it } from 'vitest';
import {
  defaultMapping,
  headerKey,
  mappingIsUsable,
  mappingProblems,
  remap,
  type ColumnMapping,
} from '../../renderer/src/custom/import/column-mapping.ts';
import { IMPORT_FIELDS, limitsFromSchema, type FieldLimits } from '../../renderer/src/custom/import/employee-fields.ts';
import {
  buildImportRow,
  buildImportRows,
  isEmail,
  mappedFields,
  markDuplicates,
  parseStatus,
  parseYesNo,
  rowsWithProblems,
} from '../../renderer/src/custom/import/employee-rows.ts';
import { importSource, templateHeaders } from '../../renderer/src/custom/import/import-sources.ts';
import {
  indexOrgDirectory,
  nameKey,
  resolveOrgUnits,
  type OrgDirectory,
} from '../../renderer/src/custom/import/org-units.ts';
import { cellText, toParsedSheet } from '../../renderer/src/custom/import/parsed-sheet.ts';
import { serverProblems, withServerProblems } from '../../renderer/src/custom/import/server-errors.ts';
import { decodeCsv } from '../../renderer/src/custom/import/read-sheet-file.ts';

/**
 * Two business units that both have a "Finance" department; Retail's Finance has a division "Payables" with a section
 * "Invoices"; "Operations" is a department of Retail only.
 */
const DIRECTORY: OrgDirectory = {
  'business-unit': [
    { id: 1, name: 'Retail', parentId: null },
    { id: 2, name: 'Wholesale', parentId: null },
  ],
  department: [
    { id: 10, name: 'Finance', parentId: 1 },
    { id: 11, name: 'Finance', parentId: 2 },
    { id: 12, name: 'Operations', parentId: 1 },
  ],
  division: [{ id: 20, name: 'Payables', parentId: 10 }],
  section: [{ id: 30, name: 'Invoices', parentId: 20 }],
  'sub-section': [],
  'sub-sub-section': [],
};
const UNITS = indexOrgDirectory(DIRECTORY);
const LIMITS: FieldLimits = { firstName: 100, lastName: 100, email: 254, employeeNumber: 50, jobTitle: 200 };

describe('employee import: column mapping', () => {
  it('compares headers without regard to case, spaces or punctuation', () => {
    expect(headerKey('E-mail Address')).toBe(headerKey('email address'));
    expect(headerKey('  FORENAME ')).toBe('forename');
    expect(headerKey('Staff No.')).toBe(headerKey('staff no'));
  });

  it("pre-selects the Sage export's columns by header name, case-insensitively, and ignores the rest", () => {
    const headers = [
      'EMPLOYEE REFERENCE',
      'forename',
      'Surname',
      'Email Address',
      'Job Title',
      'Department',
      'NI Number',
    ];
    expect(defaultMapping(headers, importSource('sage'))).toEqual([
      'employeeNumber',
      'firstName',
      'lastName',
      'email',
      'jobTitle',
      'departmentId',
      null,
    ]);
  });

  it("pre-selects the Cow export's columns", () => {
    const headers = ['Staff No', 'First Name', 'Last Name', 'E-mail', 'Position', 'Department', 'Start Date'];
    expect(defaultMapping(headers, importSource('cow'))).toEqual([
      'employeeNumber',
      'firstName',
      'lastName',
      'email',
      'jobTitle',
      'departmentId',
      null,
    ]);
  });

  it('maps the Stratum template back to every field, in order', () => {
    const headers = templateHeaders(IMPORT_FIELDS);
    expect(headers).toHaveLength(IMPORT_FIELDS.length);
    expect(defaultMapping(headers, importSource('stratum'))).toEqual([...IMPORT_FIELDS]);
  });

  it("does not use one source's headers for another", () => {
    expect(defaultMapping(['Forename', 'Surname'], importSource('stratum'))).toEqual([null, null]);
  });

  it('gives a field to the first column that names it only', () => {
    expect(defaultMapping(['Forename', 'FORENAME', 'Surname'], importSource('sage'))).toEqual([
      'firstName',
      null,
      'lastName',
    ]);
  });

  it('reports fields chosen twice and required fields no column fills', () => {
    const mapping: ColumnMapping = ['firstName', 'email', null, 'email'];
    expect(mappingProblems(mapping)).toEqual({ duplicates: ['email'], missing: ['lastName'] });
    expect(mappingIsUsable(mappingProblems(mapping))).toBe(false);
    const fixed = remap(remap(mapping, 3, null), 2, 'lastName');
    expect(fixed).toEqual(['firstName', 'email', 'lastName', null]);
    expect(mappingIsUsable(mappingProblems(fixed))).toBe(true);
    expect(mappedFields(fixed)).toEqual(['firstName', 'lastName', 'email']);
  });
});

describe('employee import: reading the sheet', () => {
  it('takes the first non-empty row as the header and numbers the data rows as in the file', () => {
    const sheet = toParsedSheet([
      ['\ufeffFirst name', 'Last name', ''],
      ['Ada', 'Lovelace'],
      ['', '', ''],
      [' Alan ', 'Turing', 'extra'],
    ]);
    expect(sheet.headers).toEqual(['First name', 'Last name']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: ['Ada', 'Lovelace'] },
      { line: 4, cells: ['Alan', 'Turing'] },
    ]);
  });

  it('turns cells into text: numbers as written, dates as YYYY-MM-DD, empty as ""', () => {
    expect(cellText(1001)).toBe('1001');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date(Date.UTC(2024, 2, 5)))).toBe('2024-03-05');
    expect(cellText(null)).toBe('');
    expect(toParsedSheet([])).toEqual({ headers: [], rows: [] });
  });
});

describe('employee import: organisation names to ids', () => {
  it('finds a unit by its name without regard to case or spacing', () => {
    expect(nameKey('  Retail   Banking ')).toBe('retail banking');
    expect(resolveOrgUnits({ businessUnitId: ' retail ' }, UNITS)).toEqual({
      ids: { businessUnitId: 1 },
      problems: [],
    });
  });

  it('looks a name up under the unit above it', () => {
    expect(resolveOrgUnits({ businessUnitId: 'Wholesale', departmentId: 'Finance' }, UNITS).ids).toEqual({
      businessUnitId: 2,
      departmentId: 11,
    });
    expect(resolveOrgUnits({ businessUnitId: 'Retail', departmentId: 'finance' }, UNITS).ids).toEqual({
      businessUnitId: 1,
      departmentId: 10,
    });
  });

  it('fills the levels above from the unit found, when the row leaves them empty', () => {
    expect(resolveOrgUnits({ sectionId: 'Invoices' }, UNITS)).toEqual({
      ids: { businessUnitId: 1, departmentId: 10, divisionId: 20, sectionId: 30 },
      problems: [],
    });
    expect(resolveOrgUnits({ departmentId: 'Operations' }, UNITS).ids).toEqual({ businessUnitId: 1, departmentId: 12 });
  });

  it('checks a unit against a named unit more than one level above it', () => {
    expect(resolveOrgUnits({ businessUnitId: 'Retail', divisionId: 'Payables' }, UNITS)).toEqual({
      ids: { businessUnitId: 1, departmentId: 10, divisionId: 20 },
      problems: [],
    });
    expect(resolveOrgUnits({ businessUnitId: 'Wholesale', divisionId: 'Payables' }, UNITS).problems).toEqual([
      { field: 'divisionId', key: 'import.error.notUnder', params: { name: 'Payables', parent: 'Wholesale' } },
    ]);
  });

  it('reports an unknown name, a name under another unit, and a name several units share', () => {
    expect(resolveOrgUnits({ businessUnitId: 'Retial' }, UNITS)).toEqual({
      ids: {},
      problems: [{ field: 'businessUnitId', key: 'import.error.unknownUnit', params: { name: 'Retial' } }],
    });
    expect(resolveOrgUnits({ businessUnitId: 'Wholesale', departmentId: 'Operations' }, UNITS).problems).toEqual([
      { field: 'departmentId', key: 'import.error.notUnder', params: { name: 'Operations', parent: 'Wholesale' } },
    ]);
    expect(resolveOrgUnits({ departmentId: 'Finance' }, UNITS).problems).toEqual([
      { field: 'departmentId', key: 'import.error.ambiguousUnit', params: { name: 'Finance' } },
    ]);
  });

  it('treats a level the user may not read as having no units', () => {
    const units = indexOrgDirectory({ ...DIRECTORY, division: [] });
    expect(resolveOrgUnits({ divisionId: 'Payables' }, units).problems.map((p) => p.key)).toEqual([
      'import.error.unknownUnit',
    ]);
  });
});

describe('employee import: row checks', () => {
  it('accepts Yes/No and Active/Inactive as files spell them', () => {
    expect(['Yes', 'y', 'TRUE', '1', 'x'].map(parseYesNo)).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'Yes']);
    expect(['no', 'N', 'false', '0'].map(parseYesNo)).toEqual(['No', 'No', 'No', 'No']);
    expect(parseYesNo('  ')).toBeUndefined();
    expect(parseYesNo('maybe')).toBeNull();
    expect([parseStatus('active'), parseStatus('INACTIVE'), parseStatus(''), parseStatus('Leaver')]).toEqual([
      'Active',
      'Inactive',
      undefined,
      null,
    ]);
  });

  it("checks e-mail addresses the server's way", () => {
    expect(isEmail('ada.lovelace@acme.example')).toBe(true);
    expect(isEmail('ada@acme')).toBe(false);
    expect(isEmail('ada acme.example')).toBe(false);
    expect(isEmail('ada@@acme.example')).toBe(false);
  });

  it('builds the item to send from a good row, leaving out what is empty', () => {
    const row = buildImportRow(
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@acme.example',
        jobTitle: 'Analyst',
        businessUnitId: 'Retail',
        departmentId: 'Finance',
        departmentHead: 'yes',
        status: 'active',
      },
      2,
      UNITS,
      LIMITS,
    );
    expect(row.problems).toEqual([]);
    expect(row.item).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@acme.example',
      jobTitle: 'Analyst',
      businessUnitId: 1,
      departmentId: 10,
      departmentHead: 'Yes',
      status: 'Active',
    });
  });

  it('reports missing names, a malformed e-mail, an unknown unit, bad flags and too long texts', () => {
    const row = buildImportRow(
      {
        lastName: 'x'.repeat(101),
        email: 'not-an-address',
        businessUnitId: 'Nowhere',
        sectionHead: 'perhaps',
        status: 'gone',
      },
      7,
      UNITS,
      LIMITS,
    );
    expect(row.line).toBe(7);
    expect(row.problems).toEqual([
      { field: 'firstName', key: 'shell.required' },
      { field: 'lastName', key: 'import.error.tooLong', params: { max: 100 } },
      { field: 'email', key: 'import.error.email', params: { value: 'not-an-address' } },
      { field: 'sectionHead', key: 'import.error.yesNo', params: { value: 'perhaps' } },
      { field: 'status', key: 'import.error.status', params: { value: 'gone' } },
      { field: 'businessUnitId', key: 'import.error.unknownUnit', params: { name: 'Nowhere' } },
    ]);
  });

  it('reports an e-mail address or employee number that an earlier row already has', () => {
    const rows = markDuplicates(
      [
        { firstName: 'A', lastName: 'One', email: 'same@acme.example', employeeNumber: 'E1' },
        { firstName: 'B', lastName: 'Two', email: 'SAME@acme.example', employeeNumber: 'E2' },
        { firstName: 'C', lastName: 'Three', employeeNumber: 'E1' },
      ].map((values, i) => buildImportRow(values, i + 2, UNITS, LIMITS)),
    );
    expect(rows.map((r) => r.problems)).toEqual([
      [],
      [{ field: 'email', key: 'import.error.duplicate', params: { value: 'SAME@acme.example', line: 2 } }],
      [{ field: 'employeeNumber', key: 'import.error.duplicate', params: { value: 'E1', line: 2 } }],
    ]);
  });

  it('reads every row of a sheet through the mapping', () => {
    const sheet = toParsedSheet([
      ['Forename', 'Surname', 'Email Address', 'Department', 'NI Number'],
      ['Ada', 'Lovelace', 'ada@acme.example', 'Operations', 'AB123456C'],
      ['Grace', '', 'grace@', 'Finance', ''],
    ]);
    const mapping = defaultMapping(sheet.headers, importSource('sage'));
    const rows = buildImportRows(sheet, mapping, UNITS, LIMITS);
    expect(rows[0]).toMatchObject({
      line: 2,
      problems: [],
      item: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example', businessUnitId: 1, departmentId: 12 },
    });
    expect(rows[1].line).toBe(3);
    expect(rows[1].problems.map((p) => `${p.field}:${p.key}`)).toEqual([
      'lastName:shell.required',
      'email:import.error.email',
      'departmentId:import.error.ambiguousUnit',
    ]);
    expect(rowsWithProblems(rows)).toBe(1);
  });

  it("takes the text limits from the employee schema's maxLength", () => {
    expect(
      limitsFromSchema({
        firstName: { type: 'string', maxLength: 100 },
        email: { type: 'string', format: 'email', maxLength: 254 },
        status: { type: 'string' },
      }),
    ).toEqual({ firstName: 100, email: 254 });
  });
});

describe("employee import: the server's 422", () => {
  const rows = [
    buildImportRow({ firstName: 'Ok', lastName: 'Row' }, 2, UNITS, LIMITS),
    buildImportRow({ firstName: 'Also', lastName: 'Fine' }, 3, UNITS, LIMITS),
  ];

  it('puts items.<index>.<field> errors on their rows and keeps the others apart', () => {
    const found = serverProblems(
      [
        { field: 'items.1.lastName', message: 'is required' },
        { field: 'items.1.actingSupervisorId', message: 'must be integer' },
        { field: 'items.0', message: 'must be object' },
        { field: 'items.9.email', message: 'is already taken' },
        { field: 'email', message: 'is already taken' },
      ],
      rows,
    );
    expect(found.byRow.get(1)).toEqual([
      { field: 'lastName', text: 'is required' },
      { field: null, text: 'actingSupervisorId must be integer' },
    ]);
    expect(found.byRow.get(0)).toEqual([{ field: null, text: 'must be object' }]);
    expect(found.general).toEqual([
      { field: 'items.9.email', message: 'is already taken' },
      { field: 'email', message: 'is already taken' },
    ]);
    const shown = withServerProblems(rows, found.byRow);
    expect(shown.map((r) => r.problems.length)).toEqual([1, 2]);
    expect(rows[1].problems).toEqual([]);
  });
});

describe('employee import: the supervisor column', () => {
  it('is in the Stratum template, read as an e-mail and sent for the server to find', () => {
    expect(templateHeaders(IMPORT_FIELDS)).toContain('Supervisor e-mail');
    const sheet = toParsedSheet([
      ['First name', 'Last name', 'E-mail', 'Supervisor e-mail'],
      ['Ada', 'Lovelace', 'ada@acme.example', 'Boss@Acme.example'],
      ['Grace', 'Hopper', 'grace@acme.example', 'ada@acme.example'],
      ['Alan', 'Turing', 'alan@acme.example', 'not an address'],
      ['Self', 'Made', 'self@acme.example', 'SELF@acme.example'],
      ['No', 'Boss', '', ''],
    ]);
    const rows = buildImportRows(sheet, defaultMapping(sheet.headers, importSource('stratum')), UNITS, LIMITS);
    expect(rows.map((r) => r.item.supervisorId)).toEqual([
      { email: 'Boss@Acme.example' },
      { email: 'ada@acme.example' },
      undefined,
      undefined,
      undefined,
    ]);
    expect(rows.map((r) => r.problems.map((p) => `${p.field}:${p.key}`))).toEqual([
      [],
      [],
      ['supervisorId:import.error.email'],
      ['supervisorId:import.error.supervisorSelf'],
      [],
    ]);
  });
});

describe("employee import: the server's check (a dry run) in the screen's words, with row numbers", () => {
  const sheet = toParsedSheet([
    ['First name', 'Last name', 'E-mail', 'Supervisor e-mail'],
    ['Ann', 'One', 'ann@acme.example', 'mo@acme.example'],
    ['Ben', 'Two', 'boss@acme.example', ''],
    ['', '', '', ''],
    ['Mo', 'Three', 'mo@acme.example', 'nobody@acme.example'],
    ['Cat', 'Four', 'cat@elsewhere.example', ''],
  ]);
  const rows = buildImportRows(sheet, defaultMapping(sheet.headers, importSource('stratum')), UNITS, LIMITS);

  it('names the value and the other row as the file numbers it', () => {
    expect(rows.map((r) => r.line)).toEqual([2, 3, 5, 6]);
    const found = serverProblems(
      [
        {
          field: 'items.0.supervisorId',
          message: 'names item 2 (email mo@acme.example), which comes later: list it first',
        },
        { field: 'items.1.email', message: 'is already taken' },
        { field: 'items.2.supervisorId', message: 'no employee has the email nobody@acme.example' },
        { field: 'items.3.email', message: 'is already the sign-in of another user' },
        { field: 'items.3.email', message: "is the same as item 0's" },
        { field: 'items.3.jobTitle', message: 'something new' },
      ],
      rows,
    );
    expect([...found.byRow.entries()]).toEqual([
      [
        0,
        [{ field: 'supervisorId', key: 'import.error.supervisorLater', params: { value: 'mo@acme.example', line: 5 } }],
      ],
      [1, [{ field: 'email', key: 'import.error.taken', params: { value: 'boss@acme.example' } }]],
      [2, [{ field: 'supervisorId', key: 'import.error.supervisorUnknown', params: { value: 'nobody@acme.example' } }]],
      [
        3,
        [
          { field: 'email', key: 'import.error.signInTaken', params: { value: 'cat@elsewhere.example' } },
          { field: 'email', key: 'import.error.duplicate', params: { value: 'cat@elsewhere.example', line: 2 } },
          { field: 'jobTitle', text: 'something new' },
        ],
      ],
    ]);
  });
});

describe('employee import: reading a CSV that is not UTF-8', () => {
  const windows1252 = Uint8Array.from([0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e, 0x3b, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]); // "Jürgen;Müller"

  it('reads UTF-8 (with or without a byte order mark) as it is', () => {
    expect(decodeCsv(new TextEncoder().encode('Jürgen;Müller'))).toEqual({ text: 'Jürgen;Müller', encoding: 'utf-8' });
    expect(decodeCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Ödön')]))).toEqual({
      text: 'Ödön',
      encoding: 'utf-8',
    });
    expect(decodeCsv(new TextEncoder().encode('রহমান'))).toEqual({ text: 'রহমান', encoding: 'utf-8' });
  });

  it('reads a Windows-1252 file as Windows-1252 and says so, instead of replacement characters', () => {
    const { text, encoding } = decodeCsv(windows1252);
    expect(encoding).toBe('windows-1252');
    expect(text).toBe('Jürgen;Müller');
    expect(text).not.toContain('\ufffd');
  });
});
