import { AppError } from '../app-error.ts';
import { assertAllowed, assertRecordAllowed, attempt } from '../access/access-policy.ts';
import type { Db, Row } from '../db/db.ts';
import { dayMonthYear } from '../i18n/day-month-year.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { humanize, quoteIdent } from '../metadata/naming.ts';
import type { CallContext } from '../records/call-context.ts';
import { addRecord, applyUpdate, fetchOne } from '../records/record-store.ts';
import { entityLabel, fieldProblem, validateRecord, wordedProblem } from '../records/record-validator.ts';
import { moduleLabel } from '../i18n/message-words.ts';
import { text } from '../i18n/text.ts';
import { scopedCall, type Engine } from '../records/scoped-call.ts';
import { firstUnmet } from '../records/transition-conditions.ts';
import { wordedInfo, type PublicFlowInfo } from './public-flow-info.ts';
import { wordIn } from '../i18n/catalogue.ts';
import { readerLanguage } from '../i18n/reader-language.ts';
import type { Language } from '../metadata/registry.ts';
import { endOfDay, linkLastDay } from './link-expiry.ts';
import { closePasses, issuePass, openPass, passCompany, type PublicPass } from './public-pass.ts';

/** The entity whose public flow has this name, or a 404 that names it. */
export function flowEntity(registry: Registry, flow: string): EntityDef {
  for (const e of registry.entities.values()) if (e.publicFlow?.name === flow) return e;
  throw new AppError('not_found', `No public flow named "${flow}"`);
}

/**
 * The share command: mails the recipient a new link (an earlier one stops working). Refused once the
 * respondent has submitted. Runs in the caller's transaction; the mail leaves after it commits.
 */
export async function shareLink(
  ctx: CallContext,
  entity: EntityDef,
  roles: EntityDef['access']['update'],
  input: unknown,
): Promise<{ id: number; sentTo: string; expiresAt: string; record: Row }> {
  const flow = entity.publicFlow!;
  const what = attempt(entity, 'share');
  assertAllowed(ctx.registry, entity, roles, ctx.actor, what);
  const id = (input as Row | null)?.id;
  const record = await fetchOne(ctx, entity, id, true);
  await assertRecordAllowed(ctx.tx, entity, roles, ctx.actor, record, what);
  if (record[flow.submitted])
    throw AppError.worded(
      'invalid_state',
      text('refusal.publicFlow.submittedAlready', { entity: entityLabel(entity) }),
    );
  const email = String(record[flow.email] ?? '').trim();
  if (!email) throw AppError.validation([fieldProblem(entity, flow.email, 'refusal.publicFlow.emailNeeded')]);
  // a link of a flow with an end (a 360 survey's end date) works to the end of that day, the day the mail states
  const lastDay = await linkLastDay(ctx, entity, record);
  const { token, expiresAt } = await issuePass(ctx.tx, {
    companyId: ctx.companyId!,
    entity: entity.name,
    recordId: record.id as number,
    email,
    days: flow.expiresInDays,
    until: lastDay === null ? null : endOfDay(lastDay),
  });
  const info = await flowInfo(ctx, entity, record.id as number);
  // the token travels in the address fragment, which browsers never send to a server: it stays out of every log
  const link = `${ctx.publicUrl}${flow.page}/${flow.authPage}#token=${token}`;
  // the mail is worded in the recipient's language, its title too
  const title = wordIn(await readerLanguage(ctx.tx, email, ctx.companyId), info.title, ctx.registry.messages);
  const values = {
    title,
    link,
    expires: dayMonthYear(lastDay ?? expiresAt),
    name: String(record[flow.respondentName ?? flow.email] ?? email),
  };
  ctx.mail.push({ to: email, template: 'invitation', keyPrefix: flow.mail, values });
  // the recipient records when its link went out (and the audit trail who sent it); the token itself is never stored
  const after = flow.sent
    ? await applyUpdate(ctx, entity, record, { [flow.sent]: new Date().toISOString() }, 'share')
    : record;
  return { id: record.id as number, sentTo: email, expiresAt, record: after };
}

/** What the respondent opens the flow with: the questions, the answers saved so far and the recipient. */
export function authenticate(engine: Engine, flow: string, token: unknown, lang: Language = 'en'): Promise<Row> {
  return respondentCall(engine, flow, token, async (ctx, entity, pass) => {
    const recipient = await fetchOne(ctx, entity, pass.recordId);
    // in the language the respondent's page asks in (an outsider has no account to remember it)
    const info = wordedInfo(await flowInfo(ctx, entity, pass.recordId), lang, ctx.registry.messages);
    return {
      info: {
        ...info,
        recipientId: pass.recordId,
        respondent: pass.email,
        expiresAt: pass.expiresAt,
        // each answer names its question by the id the questions carry, whatever the answers entity calls that field:
        // a screen matching an answer by any of its values took a rating of 4 for an answer to question 4
        answers: (await savedAnswers(ctx, entity, pass)).map((r) => ({
          ...r,
          questionId: r[entity.publicFlow!.answers.key],
        })),
        name: recipient[entity.publicFlow!.respondentName ?? ''] ?? null,
      },
    };
  });
}

/** Saves one answer as the respondent goes: added the first time, changed after; only for the questions of this recipient. */
export function saveAnswer(engine: Engine, flow: string, body: unknown): Promise<Row> {
  const { token, ...rest } = (body ?? {}) as Row;
  return respondentCall(engine, flow, token, async (ctx, entity, pass) => {
    const { answers: a } = entity.publicFlow!;
    const answers = ctx.registry.entities.get(a.entity)!;
    const questionId = rest.questionId;
    delete rest.questionId;
    const info = await flowInfo(ctx, entity, pass.recordId);
    const question = info.questions.find((q) => q.id === questionId);
    if (!question)
      throw AppError.validation([
        { field: 'questionId', message: `must be one of the questions of this ${humanize(entity.name)}` },
      ]);
    for (const k of [a.via, a.key])
      if (k in rest) throw AppError.validation([{ field: k, message: 'is set by the link, not by the answer' }]);
    const record = { ...rest, [a.via]: pass.recordId, [a.key]: questionId };
    validateRecord(answers, 'add', record);
    const [existing] = await ctx.tx.query<{ id: number }>(
      `SELECT id FROM ${quoteIdent(answers.table)} WHERE company_id = $1 AND ${quoteIdent(answers.field.get(a.via)!.column)} = $2 AND ${quoteIdent(answers.field.get(a.key)!.column)} = $3 FOR UPDATE`,
      [ctx.companyId, pass.recordId, questionId],
    );
    if (!existing) return { answer: await addRecord(ctx, answers, record, { checked: true, action: 'answer' }) };
    return { answer: await applyUpdate(ctx, answers, await fetchOne(ctx, answers, existing.id, true), rest, 'answer') };
  });
}

/** Submits the answers once: every required question must be answered; the link then stops working. */
export function submitAnswers(engine: Engine, flow: string, token: unknown): Promise<Row> {
  return respondentCall(engine, flow, token, async (ctx, entity, pass) => {
    const info = await flowInfo(ctx, entity, pass.recordId);
    const saved = new Set((await savedAnswers(ctx, entity, pass)).map((r) => r[entity.publicFlow!.answers.key]));
    const open = info.questions.filter((q) => q.required && !saved.has(q.id));
    if (open.length)
      throw AppError.validation(
        open.map((q) => wordedProblem(`question ${q.id}`, text('refusal.publicFlow.unanswered', { question: q.text }))),
      );
    const before = await fetchOne(ctx, entity, pass.recordId, true);
    const after = await applyUpdate(
      ctx,
      entity,
      before,
      { [entity.publicFlow!.submitted]: new Date().toISOString() },
      'submit',
    );
    await closePasses(ctx.tx, pass);
    return { submitted: after[entity.publicFlow!.submitted] };
  });
}

/**
 * Runs fn for the respondent in one transaction scoped to the pass's company, as an actor who may take no declared
 * call; the flow's module must still be enabled for the company.
 */
async function respondentCall(
  engine: Engine,
  flow: string,
  token: unknown,
  fn: (ctx: CallContext, entity: EntityDef, pass: PublicPass) => Promise<Row>,
): Promise<Row> {
  const entity = flowEntity(engine.registry, flow);
  if (typeof token !== 'string' || !token)
    throw AppError.validation([wordedProblem('token', text('refusal.publicFlow.codeNeeded'))]);
  const companyId = await passCompany(engine.db, token, [entity.name]);
  const { result } = await scopedCall(
    engine,
    { accountId: null, role: 'respondent', companyId, employeeId: null, email: '', name: 'respondent' },
    companyId,
    async (ctx) => {
      const pass = await openPass(ctx.tx, token, entity.name);
      await assertModuleEnabled(ctx.tx, engine.registry, entity, companyId);
      await assertFlowConditions(ctx, entity, pass.recordId);
      // the audit trail names the respondent by the e-mail the link was sent to
      const respondent: CallContext = {
        ...ctx,
        actor: { ...ctx.actor, email: pass.email, name: `${pass.email} (respondent)` },
      };
      return fn(respondent, entity, pass);
    },
  );
  return result;
}

/**
 * Refuses a respondent's step whose recipient fails the flow's conditions (entity.json `publicFlow.when`, checked at
 * boot by engine/metadata/public-flow-conditions.ts): 409 invalid_state naming the first unmet condition in the
 * respondent's language, judged as a transition's are.
 */
export async function assertFlowConditions(ctx: CallContext, entity: EntityDef, recordId: number): Promise<void> {
  const when = entity.publicFlow!.when;
  if (!when?.length) return;
  const [unmet] = await firstUnmet(ctx, entity, when, [await fetchOne(ctx, entity, recordId)]);
  if (unmet) throw AppError.worded('invalid_state', text('refusal.publicFlow.unmet', { condition: unmet }));
}

async function assertModuleEnabled(tx: Db, registry: Registry, entity: EntityDef, companyId: number): Promise<void> {
  if (registry.modules.get(entity.module)!.core) return;
  const rows = await tx.query(
    `SELECT 1 FROM company_module cm JOIN module m ON m.id = cm.module_id WHERE cm.company_id = $1 AND m.code = $2 AND cm.enabled = 'Yes'`,
    [companyId, entity.module],
  );
  if (!rows.length)
    throw AppError.worded(
      'module_disabled',
      text('refusal.publicFlow.moduleDisabled', { module: moduleLabel(entity.module) }),
    );
}

export async function flowInfo(ctx: CallContext, entity: EntityDef, recordId: number): Promise<PublicFlowInfo> {
  return (await ctx.hooks.command[entity.publicFlow!.info](ctx, entity, { id: recordId })) as PublicFlowInfo;
}

async function savedAnswers(ctx: CallContext, entity: EntityDef, pass: PublicPass): Promise<Row[]> {
  const a = entity.publicFlow!.answers;
  const answers = ctx.registry.entities.get(a.entity)!;
  const columns = answers.fields
    .filter((f) => !f.computed)
    .map((f) => `${quoteIdent(f.column)} AS ${quoteIdent(f.name)}`);
  return ctx.tx.query(
    `SELECT id, ${columns.join(', ')} FROM ${quoteIdent(answers.table)} WHERE company_id = $1 AND ${quoteIdent(answers.field.get(a.via)!.column)} = $2 ORDER BY id`,
    [ctx.companyId, pass.recordId],
  );
}
