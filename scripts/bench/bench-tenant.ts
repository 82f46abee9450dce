/**
 * The shape of the generated tenant: two companies, the big one with every organisation level, and the bench
 * user's sign-in. Pure data; tenant-generator.ts writes it.
 */
export interface CompanyShape {
  name: string;
  domain: string;
  executive: { firstName: string; lastName: string; email: string };
  employees: number;
  /** children per parent at each level: business units, departments, divisions, sections, sub-sections, sub-sub-sections */
  fanOut: readonly [number, number, number, number, number, number];
  /** audit-trail entries beyond the one "add" per generated employee (updates of random employees) */
  extraAuditUpdates: number;
}

/** The bench signs in as company A's executive: an employee with admin access to the organisation module (so it may write and read the audit trail). */
export const BENCH_PASSWORD = 'bench-password-1';
export const HOLDER_PASSWORD = 'bench-holder-password-1';

export function benchCompanies(employeesA: number): [CompanyShape, CompanyShape] {
  return [
    {
      name: 'Bench Alpha Holdings',
      domain: 'alpha.example',
      executive: { firstName: 'Bench', lastName: 'Executive', email: 'bench.executive@alpha.example' },
      employees: employeesA,
      // 10 business units → 50 departments → 200 divisions → 600 sections → 1,200 sub-sections → 2,400 sub-sub-sections
      fanOut: [10, 5, 4, 3, 2, 2],
      extraAuditUpdates: Math.round(employeesA / 4),
    },
    {
      name: 'Bench Beta Trading',
      domain: 'beta.example',
      executive: { firstName: 'Beta', lastName: 'Executive', email: 'beta.executive@beta.example' },
      employees: 300,
      fanOut: [2, 2, 2, 2, 1, 1],
      extraAuditUpdates: 100,
    },
  ];
}

/** The organisation levels, top down, as tables and as the employee's reference to each. */
export const LEVELS = [
  {
    table: 'business_unit',
    parentColumn: null,
    employeeColumn: 'business_unit_id',
    headColumn: 'business_unit_head',
    label: 'Business Unit',
  },
  {
    table: 'department',
    parentColumn: 'business_unit_id',
    employeeColumn: 'department_id',
    headColumn: 'department_head',
    label: 'Department',
  },
  {
    table: 'division',
    parentColumn: 'department_id',
    employeeColumn: 'division_id',
    headColumn: 'division_head',
    label: 'Division',
  },
  {
    table: 'section',
    parentColumn: 'division_id',
    employeeColumn: 'section_id',
    headColumn: 'section_head',
    label: 'Section',
  },
  {
    table: 'sub_section',
    parentColumn: 'section_id',
    employeeColumn: 'sub_section_id',
    headColumn: 'sub_section_head',
    label: 'Sub-section',
  },
  {
    table: 'sub_sub_section',
    parentColumn: 'sub_section_id',
    employeeColumn: 'sub_sub_section_id',
    headColumn: 'sub_sub_section_head',
    label: 'Sub-sub-section',
  },
] as const;

export const FIRST_NAMES = [
  'Amina',
  'Arif',
  'Ayesha',
  'Benedikt',
  'Carina',
  'Daniel',
  'Emma',
  'Fahim',
  'Farhana',
  'Felix',
  'Golam',
  'Hannah',
  'Imran',
  'Ines',
  'Jahid',
  'Jana',
  'Jonas',
  'Kamrul',
  'Katharina',
  'Keya',
  'Lara',
  'Leon',
  'Lima',
  'Lukas',
  'Marie',
  'Masud',
  'Mia',
  'Monir',
  'Moritz',
  'Nadia',
  'Nayeem',
  'Nina',
  'Nusrat',
  'Omar',
  'Paul',
  'Priya',
  'Rakib',
  'Rashed',
  'Ritu',
  'Sabine',
  'Sadia',
  'Selim',
  'Simon',
  'Sophie',
  'Tanvir',
  'Theresa',
  'Tobias',
  'Urmi',
];

export const LAST_NAMES = [
  'Ahmed',
  'Akter',
  'Alam',
  'Baumann',
  'Beck',
  'Becker',
  'Begum',
  'Biswas',
  'Braun',
  'Chowdhury',
  'Das',
  'Dey',
  'Fischer',
  'Frank',
  'Fuchs',
  'Ghosh',
  'Hahn',
  'Haque',
  'Hartmann',
  'Hasan',
  'Hoffmann',
  'Hossain',
  'Huber',
  'Islam',
  'Jung',
  'Kaiser',
  'Karim',
  'Keller',
  'Khan',
  'Klein',
  'Koch',
  'Krause',
  'Lang',
  'Lange',
  'Lehmann',
  'Lorenz',
  'Mahmud',
  'Maier',
  'Meyer',
  'Neumann',
  'Paul',
  'Peters',
  'Rahman',
  'Rana',
  'Richter',
  'Roth',
  'Roy',
  'Saha',
  'Sarkar',
  'Schmid',
  'Schmitt',
  'Schneider',
  'Scholz',
  'Schubert',
  'Schulz',
  'Sen',
  'Siddiqua',
  'Sultana',
  'Uddin',
  'Vogel',
  'Wagner',
  'Walter',
  'Weber',
  'Werner',
  'Winkler',
  'Wolf',
  'Zimmermann',
];

export const JOB_TITLES = [
  'Officer',
  'Senior Officer',
  'Analyst',
  'Engineer',
  'Specialist',
  'Coordinator',
  'Associate',
  'Technician',
  'Assistant Manager',
];
