import type { Context } from 'hono';
import { AppError } from '../engine/app-error.ts';
import { text } from '../engine/i18n/text.ts';
import type { TransactionOptions } from '../engine/db/db.ts';
import type { CallContext } from '../engine/records/call-context.ts';
import { scopedCall } from '../engine/records/scoped-call.ts';
import type { AppEnv, Stratum } from './stratum-context.ts';

/** The company a call works in: an employee's own; the holder names one with ?companyId= when it needs company records. */
function companyOf(c: Context<AppEnv>, actor: { role: string; companyId: number | null }): number | null {
  if (actor.role === 'employee') return actor.companyId;
  const raw = c.req.query('companyId');
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw)) throw new AppError('bad_request', `companyId must be a whole number; got "${raw}"`);
  return Number(raw);
}

/**
 * Runs one authenticated call in its own scoped transaction (which wakes the mail worker when it wrote mail); a list
 * or a read by id runs as a read (`readOnly`: one round trip fewer, and the database refuses it any write).
 */
export async function runCall<T>(
  s: Stratum,
  c: Context<AppEnv>,
  fn: (ctx: CallContext) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const caller = c.get('caller');
  if (!caller) throw AppError.worded('not_authenticated', text('refusal.auth.signInFirst'));
  const { result } = await scopedCall(
    { ...s, publicUrl: s.config.publicUrl },
    caller,
    companyOf(c, caller),
    fn,
    options,
  );
  return result;
}
