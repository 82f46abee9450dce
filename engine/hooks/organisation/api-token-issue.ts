import { AppError } from '../../app-error.ts';
import { newApiToken } from '../../auth/api-tokens.ts';
import { moduleLabel } from '../../i18n/message-words.ts';
import { text } from '../../i18n/text.ts';
import { addRecord } from '../../records/record-store.ts';
import { wordedProblem } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Issues an API token (api-token; the holder's platform-api-token alike): a module administrator names it, chooses read or read-and-write, the modules (only ones they
 * administer and the company has) and the day it expires. The reply carries the secret this once; the record keeps
 * its first characters, and api_token_key its hash. A token cannot issue another: it could outlive its creator's
 * choice of scope.
 */
export const issueApiToken: CommandHook = async (ctx, entity, input) => {
  const actor = ctx.actor;
  if (actor.apiToken) throw AppError.worded('forbidden', text('refusal.apiToken.notByToken'));
  const modules = input.modules as string[];
  // the holder administers the platform and every company's modules; an employee the modules admin access gives them
  const usable = (m: string) =>
    actor.role === 'holder' ||
    (actor.adminModules.has(m) && (ctx.registry.modules.get(m)?.core || actor.enabledModules.has(m)));
  const refused = modules.filter((m) => !usable(m));
  const problems = [
    ...(refused.length
      ? [
          wordedProblem(
            'modules',
            text('refusal.apiToken.notYourModules', { modules: { list: refused.map(moduleLabel), join: 'and' } }),
          ),
        ]
      : []),
    ...(String(input.expiresOn) <= today()
      ? [wordedProblem('expiresOn', text('refusal.apiToken.expiresTooSoon'))]
      : []),
  ];
  if (problems.length) throw AppError.validation(problems);
  const { secret, hash, prefix } = newApiToken();
  const row = await addRecord(
    ctx,
    entity,
    { name: input.name, access: input.access, modules, expiresOn: input.expiresOn },
    {
      checked: true,
      action: 'issue',
      set: { prefix, ...(entity.scope === 'company' && { creatorId: actor.employeeId }) },
    },
  );
  if (entity.scope === 'platform')
    await ctx.tx.query(`INSERT INTO platform_api_token_key (token_hash, token_id) VALUES ($1, $2)`, [hash, row.id]);
  else
    await ctx.tx.query(`INSERT INTO api_token_key (token_hash, company_id, token_id) VALUES ($1, $2, $3)`, [
      hash,
      ctx.companyId,
      row.id,
    ]);
  return { ...row, secret };
};
