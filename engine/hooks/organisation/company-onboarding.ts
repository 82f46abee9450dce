import { createResetKey } from '../../auth/reset-keys.ts';
import { setPasswordMail } from '../../auth/set-password-mail.ts';
import { addRecord, applyUpdate } from '../../records/record-store.ts';
import { useCompany } from '../../records/call-context.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { grantAdminAccess } from './module-access.ts';

/**
 * A new company gets its executive (eFirstName, eLastName, email) as its first employee, with admin access to every
 * module the company can use, and a mail with a key to set a password.
 */
export const onboardExecutive: AfterWriteHook<'company'> = async (ctx, entity, before, company) => {
  if (before) return;
  const companyId = Number(company.id);
  await useCompany(ctx, companyId);
  const executive = await addRecord(
    ctx,
    ctx.registry.entity('employee'),
    { firstName: company.eFirstName, lastName: company.eLastName, email: company.email, jobTitle: 'Executive' },
    { checked: true },
  );
  // the company names its executive through the record store (an audit entry of its own); the add's reply is the record as it now stands
  Object.assign(company, await applyUpdate(ctx, entity, company, { executiveId: executive.id }, 'onboard'));
  const usable = [...ctx.registry.modules.values()].filter((m) => m.core && m.role === 'employee').map((m) => m.id);
  await grantAdminAccess(ctx, Number(executive.id), usable);
  const [account] = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM account WHERE company_id = $1 AND employee_id = $2`,
    [companyId, executive.id],
  );
  const key = await createResetKey(ctx.tx, account.id);
  ctx.mail.push(
    setPasswordMail('welcome', ctx.publicUrl, String(company.email), key, `${company.eFirstName} ${company.eLastName}`),
  );
};
