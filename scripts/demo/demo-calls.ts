import type { Row } from '../../engine/db/db.ts';
import type { CallContext } from '../../engine/records/call-context.ts';
import { runCommand, runTransition } from '../../engine/records/command-runner.ts';
import { addRecord } from '../../engine/records/record-store.ts';
import { scopedCall, type Engine } from '../../engine/records/scoped-call.ts';

/** The demo's people by the part they play in the seeded journeys, each an employee with a sign-in. */
export interface DemoCast {
  companyId: number;
  /** the executive: administrator of every module switched on */
  admin: number;
  /** a business unit head (Tanvir) */
  supervisor: number;
  /** his report, a department head (Nusrat) */
  manager: number;
  /** an officer under her (Sabbir) */
  officer: number;
  /** a second officer under her, whose assessment the demo leaves disputed */
  secondOfficer: number;
  /** a department head of the same unit who sits on the QA list */
  qaMember: number;
}

/**
 * Runs fn in one transaction as the employee, with the module access their account has: what the demo writes, it
 * writes as the person who would, so that the audit trail, the states and `_allowed` are those of a real journey.
 */
export async function asEmployee<T>(
  engine: Engine,
  companyId: number,
  employeeId: number,
  fn: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  // the account is read outside the company's scope, as the boot reads the executive's; the employee's name only
  // inside it (on PostgreSQL row-level security shows a company's employees only under its tenant setting)
  const [account] = await engine.db.query<{ id: number; email: string }>(
    `SELECT id, email FROM account WHERE company_id = $1 AND employee_id = $2`,
    [companyId, employeeId],
  );
  if (!account) throw new Error(`demo: employee ${employeeId} of company ${companyId} has no account`);
  const caller = {
    accountId: account.id,
    role: 'employee' as const,
    companyId,
    employeeId,
    email: account.email,
    name: account.email,
  };
  const { result: named } = await scopedCall(engine, caller, companyId, (ctx) =>
    ctx.tx.query<{ name: string }>(
      `SELECT concat_ws(' ', first_name, last_name) AS name FROM employee WHERE company_id = $1 AND id = $2`,
      [companyId, employeeId],
    ),
  );
  return (await scopedCall(engine, { ...caller, name: named[0]?.name ?? account.email }, companyId, fn)).result;
}

/** Adds a record as the API's add does, refusals included. */
export const add = (ctx: CallContext, entity: string, values: Row): Promise<Row> =>
  addRecord(ctx, ctx.registry.entity(entity), values);

/** Takes a workflow step or runs a declared command by the name its API path carries, as a POST to it would. */
export async function perform(ctx: CallContext, entityName: string, action: string, input: Row): Promise<unknown> {
  const entity = ctx.registry.entity(entityName);
  if (entity.workflow?.transitions.some((t) => t.action === action)) return runTransition(ctx, entity, action, input);
  const command = entity.commands.find((c) => c.name === action);
  if (!command) throw new Error(`demo: ${entityName} has no step or command "${action}"`);
  return runCommand(ctx, entity, command, input);
}
