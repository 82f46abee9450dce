import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import { isDbError } from '../../db/db.ts';
import type { AfterWriteHook } from '../hook-registry.ts';

/**
 * Keeps the employee's sign-in identity in step with the record: an e-mail gives an account (without a password
 * until the employee sets one), a changed e-mail or name follows, no e-mail removes it. A deleted employee's account
 * goes with the foreign key account(company_id, employee_id) -> employee (ON DELETE CASCADE).
 */
export const syncEmployeeAccount: AfterWriteHook<'employee'> = async (ctx, _entity, _before, after) => {
  const email = typeof after.email === 'string' && after.email ? after.email : null;
  if (!email) {
    await ctx.tx.query(`DELETE FROM account WHERE company_id = $1 AND employee_id = $2`, [ctx.companyId, after.id]);
    return;
  }
  try {
    await ctx.tx.query(
      `INSERT INTO account (email, role, company_id, employee_id, first_name, last_name) VALUES ($1, 'employee', $2, $3, $4, $5)
       ON CONFLICT (company_id, employee_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [email, ctx.companyId, after.id, after.firstName ?? null, after.lastName ?? null],
    );
  } catch (e) {
    if (isDbError(e) && e.code === '23505')
      // the field's message stays these words: the import screen knows them and says them in the user's language
      throw AppError.worded('conflict', text('refusal.employee.signInTaken', { email }), [
        { field: 'email', message: 'is already the sign-in of another user' },
      ]);
    throw e;
  }
};
