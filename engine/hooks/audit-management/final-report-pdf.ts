import { dayMonthYear } from '../../i18n/day-month-year.ts';
import { wordIn } from '../../i18n/catalogue.ts';
import { longDate } from '../../i18n/long-date.ts';
import { text } from '../../i18n/text.ts';
import { optionKey } from '../../metadata/option-key.ts';
import type { Language, Messages } from '../../metadata/registry.ts';
import { taggedPdf } from '../../pdf/tagged-pdf.ts';

/** What the final report says: the audit, its opinion, the report's own sections and the findings with their responses and actions. */
export interface FinalReportContent {
  reportTitle: string;
  engagement: {
    name: string;
    plan: string;
    auditor: string;
    auditManager: string;
    approver: string;
    startDate: string | null;
    endDate: string | null;
    objective: string | null;
  };
  executiveSummary: string | null;
  opinion: { opinion: string; conclusion: string } | null;
  sections: { heading: string; body: string | null }[];
  findings: {
    title: string;
    riskRating: string;
    observation: string;
    rootCause: string | null;
    recommendation: string | null;
    responses: {
      owner: string;
      response: string | null;
      actions: { action: string; owner: string; dueDate: string }[];
    }[];
  }[];
  managementComment: string | null;
  madeOn: string;
}

/**
 * The final report as a tagged PDF in `lang` (engine/pdf/tagged-pdf.ts: Noto Sans with Bengali, headings and
 * paragraphs tagged): its headings and labels are texts of metadata/i18n (`pdf.finalReport.*`), option values (a
 * risk rating, an opinion) are worded as the screens word them, and dates are day/month/year. Bytes, ready to store.
 */
export function renderFinalReport(
  c: FinalReportContent,
  lang: Language,
  messages: Readonly<Record<Language, Messages>>,
): Promise<Uint8Array> {
  const say = (key: string, params: Record<string, string | number> = {}) =>
    wordIn(lang, text(`pdf.finalReport.${key}`, params), messages);
  const option = (v: string) => wordIn(lang, text(optionKey(v), {}, v), messages);
  const pdf = taggedPdf({ lang, title: `${c.reportTitle} — ${c.engagement.name}`, subject: say('title') });

  pdf.heading(1, say('title'));
  pdf.paragraph(c.reportTitle, { size: 14, gapAfter: 0.1 });
  pdf.paragraph(c.engagement.name, { size: 12, gapAfter: 0.6 });
  pdf.labelled(say('auditPlan'), c.engagement.plan);
  pdf.labelled(say('auditor'), c.engagement.auditor);
  pdf.labelled(say('auditManager'), c.engagement.auditManager);
  pdf.labelled(say('approver'), c.engagement.approver);
  if (c.engagement.startDate || c.engagement.endDate)
    pdf.labelled(
      say('period'),
      say('periodValue', {
        from: dayMonthYear(c.engagement.startDate) || '…',
        to: dayMonthYear(c.engagement.endDate) || '…',
      }),
    );
  // the day in the reader's digits, as the worded days around it
  // the report's own date as a document gives it, in words (the spec's DD MMMM YYYY)
  pdf.labelled(say('issuedOn'), longDate(c.madeOn, lang));
  if (c.engagement.objective) {
    pdf.heading(2, say('objective'));
    pdf.paragraph(c.engagement.objective);
  }
  if (c.executiveSummary) {
    pdf.heading(2, say('executiveSummary'));
    pdf.paragraph(c.executiveSummary);
  }
  if (c.opinion) {
    pdf.heading(2, say('overallOpinion'));
    pdf.labelled(say('opinion'), option(c.opinion.opinion));
    pdf.paragraph(c.opinion.conclusion);
  }
  for (const s of c.sections) {
    pdf.heading(2, s.heading);
    pdf.paragraph(s.body ?? '');
  }
  pdf.heading(2, say('findings', { count: c.findings.length }));
  if (!c.findings.length) pdf.paragraph(say('noFindings'));
  c.findings.forEach((f, i) => {
    pdf.heading(3, say('finding', { n: i + 1, title: f.title, rating: option(f.riskRating) }));
    pdf.paragraph(f.observation);
    pdf.labelled(say('rootCause'), f.rootCause);
    pdf.labelled(say('recommendation'), f.recommendation);
    for (const r of f.responses) {
      pdf.labelled(say('managementResponse', { owner: r.owner }), r.response ?? '');
      for (const a of r.actions)
        pdf.paragraph(`• ${say('action', { action: a.action, owner: a.owner, date: dayMonthYear(a.dueDate) })}`, {
          indent: 12,
          gapAfter: 0.1,
        });
    }
  });
  if (c.managementComment) {
    pdf.heading(2, say('managementComment'));
    pdf.paragraph(c.managementComment);
  }
  return pdf.end();
}
