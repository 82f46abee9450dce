import type { ComputedHook, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

export type ContractStatus = 'Active' | 'Suspended' | 'Terminated' | 'Expired';

/** Statuses a person sets that end a signed contract before (or regardless of) its end date. */
export const ENDING_STATUSES = ['Terminated', 'Expired'] as const;

/** What contractStatus reads: the stored fields, or an audit entry's record (see setStatusOf). */
export interface StatusInputs {
  type?: unknown;
  statusSet?: unknown;
  status?: unknown;
  endDate?: unknown;
}

/**
 * The status the contract team set. An audit entry written before the set status had its own field (statusSet) holds
 * it as `status`, which the contract's lifecycle still reads when it replays the trail.
 */
function setStatusOf(contract: StatusInputs): unknown {
  return 'statusSet' in contract ? contract.statusSet : contract.status;
}

/**
 * A contract's status on `today` (YYYY-MM-DD): none for a draft; once signed, what its team set (Active when nothing
 * was), except that a contract whose end date has passed is Expired unless it was terminated. So the status never
 * contradicts the dates, whatever was stored: no write is needed on the day a contract ends. statusFilter selects by
 * the same rule in SQL.
 */
export function contractStatus(contract: StatusInputs, today: string): ContractStatus | null {
  if (contract.type !== 'Signed') return null;
  const set = (setStatusOf(contract) ?? 'Active') as ContractStatus;
  if ((ENDING_STATUSES as readonly string[]).includes(set)) return set;
  if (typeof contract.endDate === 'string' && contract.endDate < today) return 'Expired';
  return set;
}

/** The computed field contract.status, against the server's today. */
export const status: ComputedHook<'contract'> = (r) => contractStatus(r, today());

/** ?status=…: the same rule as contractStatus, in SQL over the stored columns, against the server's today. */
export const statusFilter: FilterHook = (value, sql) => {
  const [type, set, endDate] = [sql.column('type'), sql.column('statusSet'), sql.column('endDate')];
  // each placeholder is made where the SQL uses it: one made and left unused has no type PostgreSQL can tell
  const signed = () => `${type} = ${sql.param('Signed')}`;
  const running = () => `${endDate} >= ${sql.param(today())}::date`;
  if (value === 'Terminated') return `${signed()} AND ${set} = ${sql.param('Terminated')}`;
  if (value === 'Expired')
    return `${signed()} AND (${set} = ${sql.param('Expired')} OR (${endDate} < ${sql.param(today())}::date AND (${set} IS NULL OR ${set} <> ${sql.param('Terminated')})))`;
  if (value === 'Suspended') return `${signed()} AND ${running()} AND ${set} = ${sql.param('Suspended')}`;
  return `${signed()} AND ${running()} AND (${set} IS NULL OR ${set} = ${sql.param('Active')})`;
};
