import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import {
  actionTracker,
  actionTrackerFilter,
  planContentStatusFilter,
  planContentStatusOn,
} from '../../engine/hooks/audit-management/audit-derived.ts';
import { TASK_KIND } from '../../engine/hooks/audit-management/audit-tasks.ts';
import { answerProblems } from '../../engine/hooks/audit-management/customer-survey.ts';
import { PARENT } from '../../engine/hooks/audit-management/engagement-placement.ts';
import { renderFinalReport, type FinalReportContent } from '../../engine/hooks/audit-management/final-report-pdf.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { ROOT } from '../../server/boot.ts';
import { pdfText, poppler, popplerSkipReason } from './audit-pdf-text.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
const sql = { column: (f: string) => `"${f}"`, param: (v: unknown) => `'${String(v)}'` };

describe('audit plan content statusText', () => {
  const content = { startDate: '2026-01-01', endDate: '2026-06-30' };
  it('is Active from the start date to the end date, both counted, and Not Active outside them', () => {
    expect(planContentStatusOn(content, '2026-01-01')).toBe('Active');
    expect(planContentStatusOn(content, '2026-03-15')).toBe('Active');
    expect(planContentStatusOn(content, '2026-06-30')).toBe('Active');
    expect(planContentStatusOn(content, '2025-12-31')).toBe('Not Active');
    expect(planContentStatusOn(content, '2026-07-01')).toBe('Not Active');
    expect(planContentStatusOn({}, '2026-03-15')).toBe('Not Active');
  });
  it('filters by the same rule in SQL', () => {
    expect(planContentStatusFilter('Active', sql)).toMatch(
      /^\("startDate" <= '.*'::date AND "endDate" >= '.*'::date\)$/,
    );
    expect(planContentStatusFilter('Not Active', sql)).toMatch(/^NOT \(/);
  });
});

describe('management action trackers', () => {
  it('puts closed actions on the closed tracker and every other on the open one', () => {
    expect(
      (['Open', 'In Progress', 'Closed'] as const).map((status) =>
        actionTracker(partialRecord('audit-management-action', { status })),
      ),
    ).toEqual(['Open', 'Open', 'Closed']);
    expect(actionTrackerFilter('Closed', sql)).toBe(`"status" = 'Closed'`);
    expect(actionTrackerFilter('Open', sql)).toBe(`"status" <> 'Closed'`);
  });
});

describe('customer satisfaction survey answers', () => {
  it('takes answers to its own questions on its own scale, each once; submitting needs all of them', () => {
    expect(answerProblems([{ auditSurveyQuestionId: 1, value: 5 }], [1, 2], [1, 2, 3, 4, 5], false)).toEqual([]);
    const said = (...a: Parameters<typeof answerProblems>) =>
      answerProblems(...a).map(({ field, message }) => ({ field, message }));
    expect(said([{ auditSurveyQuestionId: 1, value: 5 }], [1, 2], [1, 2, 3, 4, 5], true)).toEqual([
      { field: 'answers', message: "1 of the survey's 2 questions is not answered yet" },
    ]);
    expect(
      said(
        [
          { auditSurveyQuestionId: 9, value: 0 },
          { auditSurveyQuestionId: 1, value: 3 },
          { auditSurveyQuestionId: 1, value: 2 },
        ],
        [1],
        [1, 2, 3],
        false,
      ),
    ).toEqual([
      { field: 'answers.0.auditSurveyQuestionId', message: "Answer 1: the question is not one of this survey's" },
      { field: 'answers.0.value', message: "Answer 1: Value is not on the survey's rating scale (1, 2, 3)" },
      { field: 'answers.2.auditSurveyQuestionId', message: 'Answer 3: the question has already been answered' },
    ]);
  });
});

describe('audit metadata and hooks agree', () => {
  it('names a real parent reference for every placed record, each held by its closed audit', () => {
    for (const [entity, field] of Object.entries(PARENT)) {
      const e = registry.entity(entity);
      expect(e.field.get(field)?.ref, `${entity}.${field}`).toBeDefined();
      expect(e.beforeWrite, entity).toMatch(/^audit\.place/);
    }
    // a record of an audit is held while the audit is Closed (declared, not hand-written)
    for (const [entity, field] of Object.entries(PARENT))
      if (field === 'auditEngagementId')
        expect(registry.entity(entity).heldBy, entity).toEqual([
          { ref: 'auditEngagementId', field: 'status', values: ['Closed'] },
        ]);
    for (const entity of Object.keys(TASK_KIND))
      expect(
        registry.entity(entity).field.has('approverId') || registry.entity(entity).field.has('receiverId'),
        entity,
      ).toBe(true);
  });
  it('makes every not-approve ask for a reason, and gives each approval entity its allow-update reopening', () => {
    const approvals = [
      'audit-process',
      'audit-risk-control-matrix',
      'audit-working-paper',
      'audit-overall-opinion',
      'audit-follow-up-work',
    ];
    for (const name of [...approvals, 'audit-scope', 'audit-management-response']) {
      const wf = registry.entity(name).workflow!;
      expect(wf.transitions.find((t) => t.action === 'not-approve')?.requires, name).toEqual(['reason']);
      expect(wf.transitions.find((t) => t.action === 'approve')?.access, name).toEqual(['field:approverId']);
    }
    for (const name of approvals)
      expect(
        registry.entity(name).workflow!.transitions.some((t) => t.action === 'allow-update'),
        name,
      ).toBe(true);
    expect(registry.entity('audit-scope').workflow!.transitions.some((t) => t.action === 'allow-change')).toBe(true);
  });
});

describe.skipIf(popplerSkipReason())('final report PDF', () => {
  const content: FinalReportContent = {
    reportTitle: 'Procurement audit report',
    engagement: {
      name: 'Procurement 2026',
      plan: 'Plan (2026)',
      auditor: 'Ada Auditor',
      auditManager: 'Max Manager',
      approver: 'Abe Approver',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      objective: 'Assess payments',
    },
    executiveSummary: 'Payments need a second signature.',
    opinion: { opinion: 'Needs Improvement', conclusion: 'Controls need strengthening' },
    sections: [{ heading: 'Background', body: 'Spend is large.' }],
    findings: [
      {
        title: 'Single signature payments',
        riskRating: 'High',
        observation: 'Three payments',
        rootCause: 'Missing review',
        recommendation: 'Dual signatures',
        responses: [
          {
            owner: 'Ola Owner',
            response: 'Agreed',
            actions: [{ action: 'Configure portal', owner: 'Ace Actor', dueDate: '2026-03-01' }],
          },
        ],
      },
    ],
    managementComment: 'Accepted.',
    madeOn: '2026-02-02',
  };
  it('is a tagged PDF that names the audit, its opinion and its findings with their actions, dates day/month/year, its own date in words', async () => {
    const bytes = await renderFinalReport(content, 'en', registry.messages);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const s of [
      'Final audit report',
      'Procurement 2026',
      'Needs Improvement',
      '1. Single signature payments (High risk)',
      'Configure portal — Ace Actor, due 01/03/2026',
      'Period: 01/01/2026 to 01/02/2026',
      'Issued on: 02 February 2026',
      'Accepted.',
    ])
      expect(text).toContain(s);
    expect(poppler('pdfinfo', bytes)).toMatch(/^Tagged:\s+yes$/m);
  });
  it('says so when there are no findings', async () => {
    expect(
      pdfText(await renderFinalReport({ ...content, findings: [], opinion: null }, 'en', registry.messages)),
    ).toContain('No findings were raised.');
  });
  it('reads in Bengali for a Bengali reader: Bengali and German words intact, the fonts embedded, headings in Bengali', async () => {
    const bengali: FinalReportContent = {
      ...content,
      reportTitle: 'ক্রয় নিরীক্ষা প্রতিবেদন',
      engagement: {
        ...content.engagement,
        name: 'ক্রয় (Procurement) — Größenprüfung',
        auditor: 'নুসরাত জাহান',
        objective: 'সরবরাহকারীদের বিল পরিশোধ যাচাই করা',
      },
      executiveSummary:
        'দ্বিতীয় স্বাক্ষর ছাড়া তিনটি বিল পরিশোধ করা হয়েছে। Prüfung der Zahlungsfreigabe: Überweisungen über 5.000 € brauchen zwei Unterschriften.',
      findings: [
        {
          ...content.findings[0],
          title: 'একক স্বাক্ষরে বিল পরিশোধ',
          observation: 'তিনটি বিল',
          responses: [
            {
              owner: 'সাব্বির রহমান',
              response: 'সম্মত',
              actions: [{ action: 'পোর্টাল কনফিগার করা', owner: 'তানভীর আহমেদ', dueDate: '2026-03-01' }],
            },
          ],
        },
      ],
    };
    const bytes = await renderFinalReport(bengali, 'bn', registry.messages);
    const text = pdfText(bytes);
    for (const s of [
      'চূড়ান্ত অডিট প্রতিবেদন',
      'ক্রয় নিরীক্ষা প্রতিবেদন',
      'ক্রয় (Procurement) — Größenprüfung',
      'নিরীক্ষক: নুসরাত জাহান',
      'সরবরাহকারীদের বিল পরিশোধ যাচাই করা',
      'Prüfung der Zahlungsfreigabe: Überweisungen über 5.000 € brauchen zwei Unterschriften.',
      'দ্বিতীয় স্বাক্ষর ছাড়া তিনটি বিল পরিশোধ করা হয়েছে।',
      'সামগ্রিক অডিট মতামত',
      'মতামত: উন্নতি প্রয়োজন',
      '১. একক স্বাক্ষরে বিল পরিশোধ (ঝুঁকি: উচ্চ)',
      'পোর্টাল কনফিগার করা — তানভীর আহমেদ, নির্ধারিত তারিখ ০১/০৩/২০২৬',
      'প্রকাশের তারিখ: ০২ ফেব্রুয়ারি, ২০২৬',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('Final audit report');
    // every font is embedded (as subsets), none of pdfkit's built-in Helvetica
    const fonts = poppler('pdffonts', bytes).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    for (const f of fonts) expect(f).toMatch(/NotoSansBengali.* yes yes yes /);
    const info = poppler('pdfinfo', bytes);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+ক্রয় নিরীক্ষা প্রতিবেদন — ক্রয় \(Procurement\) — Größenprüfung$/m);
  });
});
