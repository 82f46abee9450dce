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
  /** set when the call comes with an API token: the creator's rights, narrowed to the token's modules and access */
  readonly apiToken?: ApiTokenScope;
}

/** What an API token admits to (engine/auth/api-tokens.ts): its record, its name for the audit trail, read or read-and-write, its modules. */
export interface ApiTokenScope {
  readonly id: number;
  readonly name: string;
  readonly access: 'read' | 'readWrite';
  readonly modules: readonly string[];
}
