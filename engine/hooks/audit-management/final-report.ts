import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import { optionLabel, quotedNames } from '../../i18n/message-words.ts';
import type { Row } from '../../db/db.ts';
import { storeFile } from '../../files/file-store.ts';
import { readerLanguage } from '../../i18n/reader-language.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { BeforeWriteHook, EntityRecord } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';
import { placeInEngagement } from './engagement-placement.ts';
import { renderFinalReport, type FinalReportContent } from './final-report-pdf.ts';

const MAX_REPORT_BYTES = 20 * 1024 * 1024;

/** Management responses of the audit that are not yet approved: the final report waits for them. */
async function outstandingResponses(
  ctx: CallContext,
  engagementId: unknown,
): Promise<{ id: number; status: string; finding: string }[]> {
  return ctx.tx.query(
    `SELECT r.id, r.status, f.title AS finding FROM audit_management_response r JOIN audit_finding f ON f.company_id = r.company_id AND f.id = r.audit_finding_id
      WHERE r.company_id = $1 AND r.audit_engagement_id = $2 AND r.status <> 'Approved' ORDER BY r.id`,
    [ctx.companyId, engagementId],
  );
}

/**
 * The final report is issued once none of the audit's findings still waits for validation: what the report says must
 * be settled. (That the audit is in Reporting, its fieldwork done, is make-final-report's condition, workflow.json.)
 */
async function assertReadyForFinalReport(ctx: CallContext, engagementId: unknown): Promise<void> {
  const waiting = await ctx.tx.query<{ title: string }>(
    `SELECT title FROM audit_finding WHERE company_id = $1 AND audit_engagement_id = $2 AND status = 'Awaiting Validation' ORDER BY id`,
    [ctx.companyId, engagementId],
  );
  if (waiting.length)
    throw AppError.worded(
      'conflict',
      text('refusal.audit.findingsAwait', {
        count: waiting.length,
        findings: quotedNames(waiting.map((f) => f.title)),
      }),
    );
}

const person = `(SELECT concat_ws(' ', e.first_name, e.last_name) FROM employee e WHERE e.company_id = $1 AND e.id = %s)`;
const nameOf = (column: string) => person.replace('%s', column);
const day = (v: unknown): string | null => (v ? String(v instanceof Date ? v.toISOString() : v).slice(0, 10) : null);

/** Everything the PDF says, read in a handful of queries. */
async function reportContent(ctx: CallContext, report: Row): Promise<FinalReportContent> {
  const c = [ctx.companyId, report.auditEngagementId];
  const [eng] = await ctx.tx.query<Row>(
    `SELECT g.name, g.start_date, g.end_date, g.objective, p.name AS plan, p.year, ${nameOf('g.auditor_id')} AS auditor, ${nameOf('g.audit_manager_id')} AS manager, ${nameOf('g.approver_id')} AS approver
       FROM audit_engagement g JOIN audit_plan p ON p.company_id = g.company_id AND p.id = g.audit_plan_id WHERE g.company_id = $1 AND g.id = $2`,
    c,
  );
  const [opinion] = await ctx.tx.query<Row>(
    `SELECT opinion, conclusion FROM audit_overall_opinion WHERE company_id = $1 AND audit_engagement_id = $2`,
    c,
  );
  const sections = await ctx.tx.query<Row>(
    `SELECT heading, body FROM audit_report_section WHERE company_id = $1 AND audit_report_id = $2 ORDER BY position NULLS LAST, id`,
    [ctx.companyId, report.id],
  );
  const findings = await ctx.tx.query<Row>(
    `SELECT f.id, f.title, f.risk_rating, f.observation, f.recommendation, rc.name AS root_cause FROM audit_finding f
       LEFT JOIN audit_root_cause rc ON rc.company_id = f.company_id AND rc.id = f.audit_root_cause_id
      WHERE f.company_id = $1 AND f.audit_engagement_id = $2 AND f.status <> 'Rejected' ORDER BY f.id`,
    c,
  );
  const responses = await ctx.tx.query<Row>(
    `SELECT r.id, r.audit_finding_id, r.response, ${nameOf('r.response_owner_id')} AS owner FROM audit_management_response r WHERE r.company_id = $1 AND r.audit_engagement_id = $2 ORDER BY r.id`,
    c,
  );
  const actions = await ctx.tx.query<Row>(
    `SELECT a.audit_management_response_id, a.action, a.due_date, ${nameOf('a.action_owner_id')} AS owner FROM audit_management_action a WHERE a.company_id = $1 AND a.audit_engagement_id = $2 ORDER BY a.due_date, a.id`,
    c,
  );
  return {
    reportTitle: String(report.title),
    engagement: {
      name: String(eng.name),
      plan: `${eng.plan} (${eng.year})`,
      auditor: String(eng.auditor ?? ''),
      auditManager: String(eng.manager ?? ''),
      approver: String(eng.approver ?? ''),
      startDate: day(eng.start_date),
      endDate: day(eng.end_date),
      objective: (eng.objective as string | null) ?? null,
    },
    executiveSummary: (report.executiveSummary as string | null) ?? null,
    opinion: opinion ? { opinion: String(opinion.opinion), conclusion: String(opinion.conclusion ?? '') } : null,
    sections: sections.map((s) => ({ heading: String(s.heading), body: (s.body as string | null) ?? null })),
    findings: findings.map((f) => ({
      title: String(f.title),
      riskRating: String(f.risk_rating),
      observation: String(f.observation),
      rootCause: (f.root_cause as string | null) ?? null,
      recommendation: (f.recommendation as string | null) ?? null,
      responses: responses
        .filter((r) => r.audit_finding_id === f.id)
        .map((r) => ({
          owner: String(r.owner ?? ''),
          response: (r.response as string | null) ?? null,
          actions: actions
            .filter((a) => a.audit_management_response_id === r.id)
            .map((a) => ({ action: String(a.action), owner: String(a.owner ?? ''), dueDate: day(a.due_date) ?? '' })),
        })),
    })),
    managementComment: (report.managementComment as string | null) ?? null,
    madeOn: today(),
  };
}

/**
 * beforeWrite (audit report): its place in the audit, and the final report PDF. make-final-report is refused while a
 * management response of the audit is outstanding; otherwise the PDF is made on the server and stored with the report
 * (finalReportFileId, served by the file route); recall-final-report takes it away.
 */
export const placeReport: BeforeWriteHook<'audit-report'> = async (ctx, entity, before, record) => {
  // placeInEngagement serves every engagement record; here it places the report
  const placed = (await placeInEngagement(ctx, entity, before, record)) as Partial<EntityRecord<'audit-report'>>;
  const report = { ...record, ...placed };
  if (report.status === 'Final' && before?.status !== 'Final') {
    await assertReadyForFinalReport(ctx, report.auditEngagementId);
    const open = await outstandingResponses(ctx, report.auditEngagementId);
    if (open.length)
      throw AppError.worded(
        'conflict',
        text('refusal.audit.responsesOutstanding', {
          count: open.length,
          responses: {
            list: open.map((r) =>
              text('refusal.audit.responseOf', { finding: r.finding, state: optionLabel(r.status) }),
            ),
            join: 'and',
          },
        }),
      );
    // in the language of the person who issues it (their choice, else the company's)
    const lang = await readerLanguage(ctx.tx, ctx.actor.email, ctx.companyId);
    const bytes = await renderFinalReport(await reportContent(ctx, report), lang, ctx.registry.messages);
    const name = `${
      String(report.title)
        .replace(/[^A-Za-z0-9 ._-]+/g, '')
        .trim()
        .slice(0, 120) || 'audit-report'
    }.pdf`;
    const stored = await storeFile(
      ctx,
      { name, type: 'application/pdf', bytes },
      { maxBytes: MAX_REPORT_BYTES, mimeTypes: ['application/pdf'] },
    );
    return { ...placed, finalReportFileId: stored.id, finalReportName: name };
  }
  if (before?.status === 'Final' && report.status !== 'Final' && before.finalReportFileId) {
    await ctx.tx.query(`DELETE FROM stored_file WHERE company_id = $1 AND id = $2`, [
      ctx.companyId,
      before.finalReportFileId,
    ]);
    return { ...placed, finalReportFileId: null, finalReportName: null };
  }
  return placed;
};
