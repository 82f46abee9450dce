import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { reviewTeam, type ReviewTeam } from '../support/review-team.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * People who use the product in Bengali or German read the server's refusals in their language (the renderer sends
 * it as Accept-Language): a refusal by role, a step the record's state does not allow, a hook's check of a range, a
 * record that is not there. Each names the record, the field, the module or the state as the screens do.
 */
describe.each(backends())('refusals in the caller’s language on $name', (backend) => {
  let t: TestStratum;
  let team: ReviewTeam;
  let cardId: number;

  /** A call as a person whose browser speaks `lang`. */
  const ask = (who: Client, lang: string, path: string, body?: unknown) =>
    who.raw(
      path,
      body === undefined
        ? { method: 'GET', headers: { 'accept-language': lang } }
        : {
            method: 'POST',
            headers: { 'accept-language': lang, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );

  beforeAll(async () => {
    t = await startTestStratum(backend);
    team = await reviewTeam(t, 'Wordco');
    const card = (
      await team.exec.post('performance-scorecard/add', {
        name: 'Emma FY',
        level: 'employee',
        employeeId: team.id.emma,
        annualPlanId: team.plan.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    cardId = card.id;
    ok(
      await team.exec.post('performance-scorecard/save-kpis', {
        id: cardId,
        kpis: [{ name: 'Sales', kpiType: 'Quantitative', weight: 100, target: 10 }],
      }),
    );
  });
  afterAll(() => t.close());

  it('refuses by role (403) naming who may and the module by its label', async () => {
    const en = await ask(team.emma, 'en', 'performance-scorecard/approve', { id: cardId });
    expect(en.status).toBe(403);
    expect(en.body.err_msg).toBe(
      "Only that employee's supervisor or acting supervisor, or an employee with admin access to the module “Performance management” may take the step “Approve” on scorecard records",
    );
    const bn = await ask(team.emma, 'bn', 'performance-scorecard/approve', { id: cardId });
    expect(bn.status).toBe(403);
    expect(bn.body.err_msg).toBe(
      'শুধু সেই কর্মীর সুপারভাইজার বা ভারপ্রাপ্ত সুপারভাইজার, অথবা “কর্মদক্ষতা ব্যবস্থাপনা” মডিউলে অ্যাডমিন অ্যাক্সেস থাকা একজন কর্মী স্কোরকার্ড-এর রেকর্ডে “অনুমোদন করুন” কাজটি করতে পারেন',
    );
    const de = await ask(team.emma, 'de-DE,de;q=0.9', 'performance-scorecard/approve', { id: cardId });
    expect(de.body.err_msg).toBe(
      'Nur der Vorgesetzte oder stellvertretende Vorgesetzte des Mitarbeiters, dem der Eintrag gehört, oder ein Mitarbeiter mit Administratorzugriff auf das Modul „Leistungsmanagement“ darf bei Einträgen vom Typ „Scorecard“ die Aktion „Genehmigen“ ausführen',
    );
    // a role the module gives: a plain employee adding a business unit
    const unit = await ask(team.emma, 'de', 'business-unit/add', { name: 'Nord' });
    expect(unit.status).toBe(403);
    expect(unit.body.err_msg).toBe(
      'Nur ein Mitarbeiter mit Administratorzugriff auf das Modul „Organisation“ darf Einträge vom Typ „Geschäftsbereich“ anlegen',
    );
  });

  it('refuses a step the state does not allow (409), naming the step and the states by their labels', async () => {
    ok(await team.sam.post('performance-scorecard/approve', { id: cardId }));
    const en = await ask(team.sam, 'en', 'performance-scorecard/approve', { id: cardId });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 'invalid_state',
      err_msg: 'This scorecard is Approved: “Approve” is possible only while it is Draft',
    });
    const bn = await ask(team.sam, 'bn', 'performance-scorecard/approve', { id: cardId });
    expect(bn.body.err_msg).toBe('এই স্কোরকার্ড এখন “অনুমোদিত” অবস্থায় আছে: “অনুমোদন করুন” শুধু খসড়া অবস্থায় করা যায়');
    const de = await ask(team.sam, 'de', 'performance-scorecard/approve', { id: cardId });
    expect(de.body.err_msg).toBe(
      'Dieser Eintrag (Scorecard) hat den Status „Genehmigt“: „Genehmigen“ ist nur im Status Entwurf möglich',
    );
  });

  it('words a hook’s range check on the field it names, with dates as the app writes them', async () => {
    const strategic = (
      await team.exec.post('strategic-plan/add', {
        description: 'Vision 2026–2030',
        startDate: '2026-01-01',
        endDate: '2030-12-31',
      })
    ).body.data.strategic;
    const body = { name: 'FY 2025', strategicPlanId: strategic.id, startDate: '2025-01-01', endDate: '2025-12-31' };
    const en = await ask(team.exec, 'en', 'annual-plan/add', body);
    expect(en.status).toBe(422);
    expect(en.body.errors?.[0]).toEqual({
      field: 'startDate',
      message:
        'Start date (01/01/2025) must not be before the start date of its strategic plan (“Vision 2026–2030” runs from 01/01/2026 to 31/12/2030)',
    });
    const bn = await ask(team.exec, 'bn', 'annual-plan/add', body);
    expect(bn.body.errors?.[0]).toEqual({
      field: 'startDate',
      message:
        'শুরুর তারিখ (০১/০১/২০২৫) সংশ্লিষ্ট কৌশলগত পরিকল্পনা-এর শুরুর তারিখ-এর আগে হতে পারবে না (“Vision 2026–2030” চলে ০১/০১/২০২৬ থেকে ৩১/১২/২০৩০ পর্যন্ত)',
    });
    expect(bn.body.err_msg).toContain('আগে হতে পারবে না');
    const de = await ask(team.exec, 'de', 'annual-plan/add', body);
    expect(de.body.errors?.[0]).toEqual({
      field: 'startDate',
      message:
        'Startdatum (01.01.2025) darf nicht vor dem Datum „Startdatum“ des zugehörigen Eintrags „Strategischer Plan“ liegen („Vision 2026–2030“ läuft vom 01.01.2026 bis zum 31.12.2030)',
    });
  });

  it('says a record is not there (404) in the caller’s words for it', async () => {
    const en = await ask(team.exec, 'en', 'department/999999');
    expect(en.status).toBe(404);
    expect(en.body.err_msg).toBe('No department with id 999999');
    expect((await ask(team.exec, 'bn', 'department/999999')).body.err_msg).toBe('999999 আইডির কোনো বিভাগ নেই');
    expect((await ask(team.exec, 'de', 'department/999999')).body.err_msg).toBe(
      'Es gibt keinen Eintrag vom Typ „Abteilung“ mit der ID 999999',
    );
  });

  it('keeps English for a caller whose language the product does not speak', async () => {
    expect((await ask(team.exec, 'fr-FR,fr;q=0.9', 'department/999999')).body.err_msg).toBe(
      'No department with id 999999',
    );
  });
});
