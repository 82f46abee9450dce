import { AppError } from '../app-error.ts';
import { moduleEnabled } from '../access/caller-roles.ts';
import { writeAudit } from '../audit/audit-writer.ts';
import type { Row } from '../db/db.ts';
import { moduleLabel } from '../i18n/message-words.ts';
import { text } from '../i18n/text.ts';
import type { CallContext } from '../records/call-context.ts';
import { fetchOne } from '../records/record-store.ts';
import { endOfDay, linkLastDay } from './link-expiry.ts';
import { issuePass } from './public-pass.ts';
import { assertFlowConditions, flowEntity, flowInfo } from './public-flow-service.ts';

/**
 * POST /api/v1/public/<flow>/mine: a colleague the recipient names (its `publicFlow.employee`) answers signed in, from
 * My inbox, without the mailed link. They are given a pass of their own for that recipient, and the flow's page opens
 * with it as it opens with the link's; the link mailed to them keeps working (every pass of the record closes when the
 * answers are submitted). Refused in plain words for another person's recipient, one not sent yet, one already
 * submitted, or one whose flow is not open (its conditions, and its questions' own checks: an organisational survey's
 * quarter), as the respondent's steps would then be refused. The audit trail records that the caller opened it.
 */
export async function colleaguePass(
  ctx: CallContext,
  flow: string,
  input: unknown,
): Promise<{ token: string; expiresAt: string; page: string }> {
  const entity = flowEntity(ctx.registry, flow);
  const p = entity.publicFlow!;
  const notYours = () => AppError.worded('forbidden', text('refusal.publicFlow.notYours'));
  if (!p.employee || ctx.actor.employeeId === null) throw notYours();
  if (!moduleEnabled(ctx.registry.modules.get(entity.module)!, ctx.actor))
    throw AppError.worded(
      'module_disabled',
      text('refusal.publicFlow.moduleDisabled', { module: moduleLabel(entity.module) }),
    );
  const record: Row = await fetchOne(ctx, entity, (input as Row | null)?.recipientId, true);
  if (Number(record[p.employee]) !== ctx.actor.employeeId) throw notYours();
  if (record[p.submitted]) throw AppError.worded('already_submitted', text('refusal.publicFlow.submittedByYou'));
  if (p.sent && !record[p.sent]) throw AppError.worded('invalid_state', text('refusal.publicFlow.notSentYet'));
  await assertFlowConditions(ctx, entity, record.id as number);
  // the questions' own checks, as the respondent's first step will judge them (a quarter's survey not open yet)
  await flowInfo({ ...ctx, actor: { ...ctx.actor, role: 'respondent' } }, entity, record.id as number);
  const lastDay = await linkLastDay(ctx, entity, record);
  const { token, expiresAt } = await issuePass(ctx.tx, {
    companyId: ctx.companyId!,
    entity: entity.name,
    recordId: record.id as number,
    email: String(record[p.email] ?? ctx.actor.email),
    days: p.expiresInDays,
    until: lastDay === null ? null : endOfDay(lastDay),
    keepOthers: true,
  });
  await writeAudit(ctx, entity, 'answerSignedIn', record, record);
  return { token, expiresAt, page: `${p.page}/${p.authPage}` };
}
