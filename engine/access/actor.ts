/** Who makes a call: the holder, or an employee of one company with the modules it has enabled and the ones the employee administers. */
export interface Actor {
  readonly accountId: number | null;
  readonly role: 'holder' | 'employee' | 'respondent';
  readonly companyId: number | null;
  readonly employeeId: number | null;
  readonly email: string;
  readonly name: string;
  readonly enabledModules: ReadonlySet<string>;
  readonly adminModules: ReadonlySet<string>;
}
