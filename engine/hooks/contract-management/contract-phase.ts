import type { ComputedHook, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

export type ContractPhase = 'Draft' | 'Monitored' | 'Ended';

/** Statuses a person sets that end a signed contract before (or regardless of) its end date. */
export const ENDING_STATUSES = ['Terminated', 'Expired'] as const;

/**
 * Where a contract stands on `today` (YYYY-MM-DD): a draft until its signed document is uploaded; once signed it is
 * monitored until its end date has passed or someone sets it Terminated or Expired, then it has ended. The monitored
 * and ended lists (?phase=Monitored, ?phase=Ended) select by the same rule in SQL (phaseFilter).
 */
export function contractPhase(
  contract: { type?: unknown; status?: unknown; endDate?: unknown },
  today: string,
): ContractPhase {
  if (contract.type !== 'Signed') return 'Draft';
  if ((ENDING_STATUSES as readonly unknown[]).includes(contract.status)) return 'Ended';
  if (typeof contract.endDate === 'string' && contract.endDate < today) return 'Ended';
  return 'Monitored';
}

/** The computed field contract.phase, against the server's today (or the day asked: a trail entry's). */
export const phase: ComputedHook<'contract'> = (r, _registry, asOf) => contractPhase(r, asOf ?? today());

/** ?phase=…: the same rule as contractPhase, in SQL over the stored columns, against the server's today. */
export const phaseFilter: FilterHook = (value, sql) => {
  const [type, status, endDate] = [sql.column('type'), sql.column('status'), sql.column('endDate')];
  if (value === 'Draft') return `${type} <> ${sql.param('Signed')}`;
  const signed = `${type} = ${sql.param('Signed')}`;
  const ending = `${status} = ANY(${sql.param([...ENDING_STATUSES])})`;
  if (value === 'Ended') return `${signed} AND (${endDate} < ${sql.param(today())}::date OR ${ending})`;
  return `${signed} AND ${endDate} >= ${sql.param(today())}::date AND (${status} IS NULL OR NOT ${ending})`;
};
