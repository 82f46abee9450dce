import type { AfterWriteHook } from '../hook-registry.ts';

/**
 * Keeps sso_domain in step with a company's directory: an active provider is offered for each of its allowed
 * e-mail domains; an inactive one for none. A deleted provider's rows go with the foreign key (ON DELETE CASCADE).
 */
export const indexSsoDomains: AfterWriteHook<'sso-provider'> = async (ctx, _entity, _before, after) => {
  await ctx.tx.query(`DELETE FROM sso_domain WHERE company_id = $1 AND provider_id = $2`, [ctx.companyId, after.id]);
  if (after.status !== 'Active') return;
  const domains = [...new Set(((after.allowedDomains as string[] | null) ?? []).map((d) => d.toLowerCase()))];
  if (!domains.length) return;
  await ctx.tx.query(
    `INSERT INTO sso_domain (domain, company_id, provider_id, provider_name, password_sign_in) SELECT d, $2, $3, $4, $5 FROM unnest($1::text[]) AS d`,
    [domains, ctx.companyId, after.id, after.name, after.passwordSignIn !== 'No'],
  );
};
