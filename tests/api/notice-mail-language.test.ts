import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { reviewTeam, type ReviewTeam } from '../support/review-team.ts';
import { isoDay } from '../support/iso-day.ts';
import { smtpSinkSkipReason, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { startTestStratum, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * A workflow's notice (a dispute resolved) is worded in each recipient's language, the record's title too where the
 * product wrote part of it: the assessment "Emma FY (Q1)" is "Emma FY (১ম প্রান্তিক)" to a Bengali reader, while the
 * scorecard's name stays as the company typed it.
 */
describe.skipIf(smtpSinkSkipReason()).each(backends())(
  'a notice mail in the recipient’s language on $name',
  (backend) => {
    let t: TestStratum;
    let sink: SmtpSink;
    let team: ReviewTeam;
    let assessmentId: number;

    beforeAll(async () => {
      // every mail goes through a real SMTP server, the set-up's too
      sink = await startSmtpSink();
      t = await startTestStratum(backend, {}, {}, sink);
      team = await reviewTeam(t, 'Noticeco');
      const { exec, sam, emma, plan, id } = team;
      const card = (
        await exec.post('performance-scorecard/add', {
          name: 'Emma FY',
          level: 'employee',
          annualPlanId: plan.id,
          employeeId: id.emma,
          includeKeyPerformanceArea: 'No',
        })
      ).body.data.scorecard.id;
      const saved = await exec.post('performance-scorecard/save-kpis', {
        id: card,
        kpis: [{ name: 'Culture', kpiType: 'Qualitative', weight: 100 }],
      });
      ok(saved);
      const kpiId = saved.body.data.item.kpiList[0].id as number;
      ok(await sam.post('performance-scorecard/approve', { id: card }));
      ok(await emma.post('performance-scorecard/accept', { id: card }));
      const q1 = (await exec.get(`quarter?annualPlanId=${plan.id}&quarterIndex=0`)).body.data.list[0];
      ok(
        await exec.post('quarter/update-assessment', {
          id: q1.id,
          version: q1.version,
          assessmentStartDate: isoDay(-1),
          assessmentEndDate: isoDay(5),
        }),
      );
      const added = await sam.post('performance-assessment/add', { scorecardId: card, quarterIndex: 0 });
      ok(added);
      assessmentId = added.body.data.assessment.id;
      ok(
        await emma.post('performance-assessment/save-scores', { id: assessmentId, scores: [{ kpiId, selfScore: 3 }] }),
      );
      ok(await emma.post('performance-assessment/submit-self-assessment', { id: assessmentId }));
      ok(
        await sam.post('performance-assessment/save-scores', {
          id: assessmentId,
          scores: [{ kpiId, manualRatingScore: 2 }],
        }),
      );
      ok(await sam.post('performance-assessment/assess', { id: assessmentId }));
      ok(await emma.post('performance-assessment/dispute', { id: assessmentId, disputedNote: 'Too low' }));
      // Emma reads Stratum in Bengali, Sam in German; the company's language is English
      ok(await emma.post('auth/language', { language: 'bn' }));
      ok(await sam.post('auth/language', { language: 'de' }));
    });
    afterAll(async () => {
      await t.close();
      await sink.stop();
    });

    /** The newest mail the SMTP server received for `email`: its subject and text part, as the recipient reads them. */
    const mailTo = async (email: string) => {
      await t.mails();
      const m = sink
        .received()
        .reverse()
        .find((x) => x.to.includes(email))!;
      return `${m.subject}\n${m.parts.find((p) => p.type === 'text/plain')!.text}`;
    };

    it('words the subject, the action, the state and the title’s quarter for each reader', async () => {
      ok(
        await team.exec.post('performance-assessment/resolve-dispute', {
          id: assessmentId,
          resolutionNote: 'The rating stands',
        }),
      );
      const toEmma = await mailTo('emma@noticeco.example');
      expect(toEmma).toContain('কর্মদক্ষতা মূল্যায়ন “Emma FY (১ম প্রান্তিক)”: সম্পন্ন');
      expect(toEmma).toContain('“Emma FY (১ম প্রান্তিক)” (কর্মদক্ষতা মূল্যায়ন)');
      expect(toEmma).toContain('“প্রশাসক হিসেবে নিষ্পত্তি: মূল্যায়ন বহাল রাখুন”');
      expect(toEmma).not.toContain('(Q1)');
      const toSam = await mailTo('sam@noticeco.example');
      expect(toSam).toContain('Leistungsbeurteilung „Emma FY (Q1)“: Abgeschlossen');
      expect(toSam).toContain('bei „Emma FY (Q1)“ (Leistungsbeurteilung)');
      expect(toSam).toContain('Der Status ist jetzt „Abgeschlossen“');
    });
  },
);
