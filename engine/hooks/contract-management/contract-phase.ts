import type { ComputedHook, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';
import { contractStatus, ENDING_STATUSES, type StatusInputs } from './contract-status.ts';

export type ContractPhase = 'Draft' | 'Monitored' | 'Ended';

/**
 * Where a contract stands on `today` (YYYY-MM-DD): a draft until its signed document is uploaded; once signed it is
 * monitored until its status (contractStatus) ends it: Terminated or Expired, by its team or by its end date passing.
 * So the phase and the status always agree. The monitored and ended lists (?phase=Monitored, ?phase=Ended) select by
 * the same rule in SQL (phaseFilter).
 */
export function contractPhase(contract: StatusInputs, today: string): ContractPhase {
  if (contract.type !== 'Signed') return 'Draft';
  const status = contractStatus(contract, today);
  return (ENDING_STATUSES as readonly unknown[]).includes(status) ? 'Ended' : 'Monitored';
}

/** The computed field contract.phase, against the server's today (or the day asked: a trail entry's). */
export const phase: ComputedHook<'contract'> = (r, _registry, asOf) => contractPhase(r, asOf ?? today());

/** ?phase=…: the same rule as contractPhase, in SQL over the stored columns, against the server's today. */
export const phaseFilter: FilterHook = (value, sql) => {
  const [type, set, endDate] = [sql.column('type'), sql.column('statusSet'), sql.column('endDate')];
  if (value === 'Draft') return `${type} <> ${sql.param('Signed')}`;
  const signed = `${type} = ${sql.param('Signed')}`;
  const ending = `${set} = ANY(${sql.param([...ENDING_STATUSES])})`;
  if (value === 'Ended') return `${signed} AND (${endDate} < ${sql.param(today())}::date OR ${ending})`;
  return `${signed} AND ${endDate} >= ${sql.param(today())}::date AND (${set} IS NULL OR NOT ${ending})`;
};
