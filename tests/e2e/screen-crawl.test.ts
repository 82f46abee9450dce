import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TASK_KIND } from '../../engine/hooks/audit-management/audit-tasks.ts';
import { ROOT } from '../../server/boot.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { arrangeCrawlWorld, type CrawlWorld } from './support/crawl-data.ts';
import { crawlActor, crawlRespondent, type Finding, type Visit } from './support/screen-crawl.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn } from './support/screens.ts';

const skip = browserSkipReason();
/** The language the crawl reads the screens in (en by default; CRAWL_LANG=bn or de for a run in another). */
const LANG = process.env.CRAWL_LANG ?? 'en';
/** CRAWL_ACTORS=admin,employee (and CRAWL_LIMIT=40 screens each) narrow a run by hand; the suite crawls every actor. */
const ONLY = process.env.CRAWL_ACTORS?.split(',');

/**
 * What the crawl still finds and cannot be fixed in the renderer or the screens' metadata: each entry one screen
 * (its declared path), one actor ('*' = any) and one problem (a part of its text), with the reason. An entry that
 * no longer matches anything is printed, so that the list only ever shrinks.
 */
const KNOWN: { screen: string; actor: string; problem: string; reason: string }[] = [
  // ECharts' renderer, disposed with its chart when the crawl leaves a chart's page at once, may still run a frame
  // that finds its painter gone; the error lands on whichever page is open next. Seen once (2026-11-26, CI under
  // load) on a list without a chart; to be fixed in widgets/Chart.tsx, then this entry goes.
  { screen: '*', actor: '*', problem: "reading 'layerStack'", reason: 'ECharts frame after dispose' },
];

/**
 * Record screens a role's crawl cannot reach, each with why: a screen of one record that no list of the role links to
 * and no record of its entity the role may list. The crawl fails on any other unreached record screen, and prints an
 * entry that no longer matches, so that this list only ever shrinks.
 */
const UNREACHED: { screen: string; actor: string; reason: string }[] = [
  // an agreement's readers follow from its scorecard (its employee is read-only, derived on add), and since QA members
  // no longer read agreements no role reads one through a parent or team: the crawl's generated records give its
  // people none. The journeys open agreements as both parties (performance-journey, performance-walk-findings).
  ...['supervisor', 'employee'].map((actor) => ({
    screen: '/app/performance/agreements/edit',
    actor,
    reason: 'the crawl makes no agreement for its people',
  })),
  // an audit task (my-task/pending-…/:id/:role, completed-…) opens from the task list of the employee an item was sent
  // to: its approver, management-response owner or receiver. The administrator is none of these in the crawl's
  // audits, and the crawl's employee is the auditor, sent only the management responses they own.
  ...auditTaskScreens().map((screen) => ({
    screen,
    actor: 'admin',
    reason: 'the administrator is sent no audit item',
  })),
  ...auditTaskScreens()
    .filter((x) => !x.includes('/pending-response/'))
    .map((screen) => ({
      screen,
      actor: 'employee',
      reason: 'the employee is the auditor: sent no item but a management response',
    })),
  // the supervisor approves the employee's audit and receives its checklist; four of its task screens need what the
  // crawl does not do
  {
    screen: '/app/audit-management/my-task/pending-overall/:id/:role',
    actor: 'supervisor',
    reason: 'an audit has one overall opinion, and the supervisor decides it (completed-overall is reached)',
  },
  {
    screen: '/app/audit-management/my-task/pending-checklist/:id/:role',
    actor: 'supervisor',
    reason: 'an audit has one completion checklist, and the supervisor completes it (completed-checklist is reached)',
  },
  {
    screen: '/app/audit-management/my-task/completed-response/:id/:role',
    actor: 'supervisor',
    reason: 'a management response reaches its approver when its owner sends it with the response text',
  },
  {
    screen: '/app/audit-management/my-task/completed-survey/:id/:role',
    actor: 'supervisor',
    reason: 'a customer satisfaction survey is completed with its answers, which the crawl does not give',
  },
  // the supervisor manages the employee's audit, but its draft report reaches him only when the auditor submits it
  // (the crawl sends what goes to an approver or receiver, not what goes to an audit manager)
  ...['pending', 'completed'].map((view) => ({
    screen: `/app/audit-management/my-task/${view}-report/:id/:role`,
    actor: 'supervisor',
    reason: 'the crawl submits no draft report to its audit manager',
  })),
  // an API token is read by its issuer, and only an administrator of some module issues one: the crawl's supervisor
  // and employee administer none, so they have no token to open
  ...['supervisor', 'employee'].map((actor) => ({
    screen: '/app/settings/api-tokens/edit',
    actor,
    reason: 'administers no module, so has issued no API token',
  })),
];

/** The task screens of the audit approval steps, pending and completed (engine/hooks/audit-management/audit-tasks.ts). */
function auditTaskScreens(): string[] {
  const kinds = Object.values(TASK_KIND);
  return kinds.flatMap((k) => [
    `/app/audit-management/my-task/pending-${k}/:id/:role`,
    `/app/audit-management/my-task/completed-${k}/:id/:role`,
  ]);
}

const known = (f: Finding) =>
  KNOWN.find(
    (k) =>
      (k.screen === '*' || k.screen === f.screen) &&
      (k.actor === '*' || k.actor === f.actor) &&
      f.problem.includes(k.problem),
  );

/**
 * Every screen for every role, generated from the Registry: the holder, a company administrator with admin access to
 * every module (all enabled), a supervisor with reports and an ordinary employee each open every screen their
 * navigation offers and every screen path of their modules without a parameter, each list's first row (clicked, as a
 * person opens a record) and the record screens (:id, ?id=) their lists and records link to, on data that gives the
 * supervisor and the employee records of their own (crawl-people-records.ts); an outside respondent opens the public
 * flows' mailed links. Each screen must render text without a page or console error, show no raw key, [object
 * Object], undefined or NaN, no link with an unfilled :param, and an Add control on a list whose caller may add; a
 * record screen shows no Save, workflow button or command form its record's _allowed does not grant, and Add on each
 * child panel _allowed.addChildren names. Every record screen of a role is reached, or UNREACHED says why. All
 * findings of a run are reported together, with the screens each role reached.
 */
describe.skipIf(skip)('screen crawl, every screen for every role', () => {
  let server: RunningServer;
  let world: CrawlWorld;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ DEMO: '1' });
    world = await arrangeCrawlWorld(server);
    if (world.notes.length) console.log(`crawl data, not arranged:\n  ${world.notes.join('\n  ')}`);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    `opens every screen without a fault (${LANG})`,
    async () => {
      const started = Date.now();
      const messages = JSON.parse(readFileSync(join(ROOT, 'metadata', 'i18n', `${LANG}.json`), 'utf8')) as Record<
        string,
        string
      >;
      const texts = { add: messages['shell.add'], noRecordChosen: messages['shell.noRecordChosen'] };
      const findings: Finding[] = [];
      const visits: Visit[] = [];
      const unreached: { actor: string; screen: string }[] = [];
      // two pages at a time (the machine has two cores): the administrator's long crawl beside the others'
      const crawlOne = async (actor: CrawlWorld['actors'][number]) => {
        const t0 = Date.now();
        const r = await crawlActor(browser, server, actor, LANG, texts, (page) =>
          signIn(page, server.url, actor.email, actor.password),
        );
        findings.push(...r.findings);
        visits.push(...r.visits);
        unreached.push(...r.unreached.map((screen) => ({ actor: actor.name, screen })));
        const records = r.visits.filter((v) => v.record).length;
        console.log(
          `${actor.name}: ${r.visits.length} screens (${r.visits.length - records} lists and others, ${records} record screens) in ${((Date.now() - t0) / 1000).toFixed(0)} s, ${r.findings.length} findings; record screens not reached: ${r.unreached.length}`,
        );
      };
      const chosen = world.actors.filter((a) => !ONLY || ONLY.includes(a.name));
      const respondent = async () => {
        if (ONLY && !ONLY.includes('respondent')) return;
        const r = await crawlRespondent(browser, server, world.respondentLinks, LANG);
        findings.push(...r.findings);
        visits.push(...r.visits);
      };
      await Promise.all([
        (async () => {
          for (const a of chosen.filter((x) => x.name === 'admin' || x.name === 'holder')) await crawlOne(a);
          await respondent();
        })(),
        (async () => {
          for (const a of chosen.filter((x) => x.name !== 'admin' && x.name !== 'holder')) await crawlOne(a);
        })(),
      ]);
      console.log(
        `crawl (${LANG}): ${visits.length} screen visits by ${new Set(visits.map((v) => v.actor)).size} actors in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      expect(new Set(visits.map((v) => v.actor)).size).toBeGreaterThanOrEqual(ONLY ? 1 : 5);
      expect(visits.length).toBeGreaterThan(ONLY || process.env.CRAWL_LIMIT ? 0 : 400);

      const stale = KNOWN.filter((k) => !findings.some((f) => known(f) === k));
      if (stale.length)
        console.log(
          `allow-list entries that no longer match (remove them):\n  ${stale.map((k) => `${k.actor} ${k.screen}: ${k.problem}`).join('\n  ')}`,
        );
      const excused = (u: { actor: string; screen: string }) =>
        UNREACHED.some((x) => x.screen === u.screen && (x.actor === '*' || x.actor === u.actor));
      const staleUnreached = UNREACHED.filter(
        (x) => !unreached.some((u) => u.screen === x.screen && (x.actor === '*' || x.actor === u.actor)),
      );
      if (staleUnreached.length)
        console.log(
          `unreached-list entries now reached (remove them):\n  ${staleUnreached.map((x) => `${x.actor} ${x.screen}`).join('\n  ')}`,
        );
      const unexcused =
        ONLY || process.env.CRAWL_LIMIT || process.env.CRAWL_PATHS
          ? []
          : unreached.filter((u) => !excused(u)).map((u) => `${u.actor} ${u.screen}`);
      expect(
        unexcused,
        `${unexcused.length} record screens no crawl reached (test-artifacts/crawl/unreached-*.txt)`,
      ).toEqual([]);
      const unexpected = findings
        .filter((f) => !known(f))
        .map((f) => `${f.actor} ${f.screen}${f.at && f.at !== f.screen ? ` (${f.at})` : ''}: ${f.problem}`);
      expect(unexpected, `${unexpected.length} findings (screenshots under test-artifacts/crawl)`).toEqual([]);
    },
    // about 4 minutes on a quiet machine (2026-11-26), more beside the rest of the suite
    20 * 60_000,
  );
});
