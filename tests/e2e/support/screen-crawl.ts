import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPath } from 'react-router';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../../server/boot.ts';
import type { Meta, ScreenMeta } from '../../../renderer/src/meta/meta-types.ts';
import { formMode } from '../../../renderer/src/screens/entity-screens.ts';
import { recordAddress } from '../../../renderer/src/screens/screen-links.ts';
import { fillPath } from '../../../renderer/src/screens/screen-params.ts';
import { listFixedQuery } from '../../../renderer/src/screens/list-query.ts';
import type { Actor } from './crawl-data.ts';
import { offeredByNavigation } from './navigation.ts';
import { recordControlFaults } from './record-controls.ts';
import type { RunningServer } from './server-process.ts';

/** Screenshots of the screens the crawl found at fault (git-ignored, with the suite's other screenshots). */
export const CRAWL_ARTIFACTS = join(ROOT, 'test-artifacts', 'crawl');

export interface Finding {
  actor: string;
  /** the screen's declared path (its pattern), or the address for a page outside the metadata */
  screen: string;
  /** the address opened */
  at: string;
  problem: string;
}

export interface Visit {
  actor: string;
  screen: string;
  at: string;
  kind: string;
  /** a screen of one record (an :id, an edit form), not a list or a screen without a parameter */
  record: boolean;
}

/** Text that is a translation key shown as it is (a missing label). */
export const RAW_KEY = /\b(?:shell|screen|error|field|entity|option|module|action|status|import)\.[a-zA-Z0-9.]+\b/g;

/** The faults visible text may show; each a name and its pattern. */
const TEXT_FAULTS: [string, RegExp][] = [
  ['raw i18n key', RAW_KEY],
  ['[object Object]', /\[object Object\]/g],
  ['"undefined"', /\bundefined\b/g],
  ['"NaN"', /\bNaN\b/g],
];

export function textFaults(text: string): string[] {
  const out: string[] = [];
  for (const [name, re] of TEXT_FAULTS) {
    const hits = [...new Set(text.match(re) ?? [])];
    if (hits.length)
      out.push(
        `${name} visible: ${hits
          .slice(0, 6)
          .map((h) => JSON.stringify(h))
          .join(', ')}`,
      );
  }
  return out;
}

/** Screens that show one record and so need one named: a path parameter, or an edit form or editor (?id=). */
const needsRecord = (s: ScreenMeta) =>
  s.path.includes(':') ||
  ((s.kind === 'form' || s.kind === 'detail') && formMode(s) === 'edit') ||
  (s.kind === 'custom' && /edit/i.test(s.path));

const allScreens = (meta: Meta) => meta.modules.flatMap((m) => m.screens);
const screenOf = (meta: Meta, pathname: string) => allScreens(meta).find((s) => matchPath(s.path, pathname));

/** What the page shows once settled, read in the browser. */
interface Seen {
  url: string;
  screen: string | null;
  entity: string | null;
  rootText: string;
  mainText: string;
  badHrefs: string[];
  links: string[];
  dialog: string | null;
  addShown: boolean;
  noRecordChosen: boolean;
  /** the first grid row's Edit (or Open) link */
  rowLink: string | null;
}

/**
 * One signed-in page of an actor that opens screens by the app's own navigation (history, no reload), so that the
 * sign-in, /meta and the texts are loaded once; it counts the requests under way to know when a screen has settled.
 */
export class CrawlPage {
  private inflight = 0;
  private lastChange = Date.now();
  private errors: string[] = [];
  constructor(readonly page: Page) {
    const start = () => {
      this.inflight++;
      this.lastChange = Date.now();
    };
    const end = () => {
      this.inflight = Math.max(0, this.inflight - 1);
      this.lastChange = Date.now();
    };
    page.on('request', start);
    page.on('requestfinished', end);
    page.on('requestfailed', end);
    page.on('pageerror', (e) => {
      // the browser's own PDF viewer (inside a PDF manual's <object>) is not the product: its script may fail as the
      // crawl leaves the page (no localStorage for its blob: document). Every error of the product's code has a frame
      // of its bundle (/assets/); one whose stack names scripts, none of them the product's, is the browser's
      const stack = e.stack ?? '';
      const browsers =
        /\b[a-z-]+:\/\//.test(stack) || e.message === "Cannot read properties of null (reading 'setItem')";
      if (browsers && !stack.includes('/assets/')) return;
      this.errors.push(`page error: ${e.message.split('\n')[0].slice(0, 200)}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(`console error: ${m.text().split('\n')[0].slice(0, 200)}`);
    });
  }

  takeErrors(): string[] {
    const e = [...new Set(this.errors)];
    this.errors = [];
    return e;
  }

  async settle(maxMs = 20_000, fresh = '[data-screen]:not([data-crawl-seen])'): Promise<void> {
    const until = Date.now() + maxMs;
    // a new screen root (the old ones are marked), then nothing under way for a moment and no loading indicator
    while (Date.now() < until) {
      const appeared = await this.page.evaluate((f) => !!document.querySelector(f), fresh);
      if (appeared || Date.now() > until - maxMs + 5_000) break;
      await this.page.waitForTimeout(50);
    }
    while (Date.now() < until) {
      const busy = await this.page.evaluate(
        () => !!document.querySelector('main [aria-busy=true], [data-screen] [aria-busy=true]'),
      );
      if (this.inflight === 0 && !busy && Date.now() - this.lastChange > 150) return;
      await this.page.waitForTimeout(50);
    }
  }

  /** Opens an address of the app as a click on a link would (the router's history), and waits for it to settle. */
  async open(href: string): Promise<void> {
    await this.page.evaluate((h) => {
      // an error dialog of the screen before is closed first, so that the next one is its own
      (document.querySelector('[role=dialog] .btn-primary') as HTMLButtonElement | null)?.click();
      document.querySelectorAll('[data-screen]').forEach((e) => e.setAttribute('data-crawl-seen', ''));
      history.pushState(null, '', h);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, href);
    await this.settle();
    // a slow machine: a screen still on its way gets a while longer before it counts as blank
    if (!(await this.page.locator('main [data-screen]:not([data-crawl-seen])').count())) {
      await this.page
        .locator('main [data-screen]:not([data-crawl-seen])')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      await this.settle();
    }
  }

  /** Clicks the Edit (or Open) link of the grid's first row, as a person opens a record, and waits for its screen. */
  async clickFirstRow(): Promise<void> {
    await this.page.evaluate(() =>
      document.querySelectorAll('[data-screen]').forEach((e) => e.setAttribute('data-crawl-seen', '')),
    );
    await this.page.locator('main [data-screen] .ag-row[row-index="0"] a[href]').first().click();
    await this.settle();
    if (!(await this.page.locator('main [data-screen]:not([data-crawl-seen])').count())) {
      await this.page
        .locator('main [data-screen]:not([data-crawl-seen])')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      await this.settle();
    }
  }

  seen(addText: string, noRecordText: string): Promise<Seen> {
    return this.page.evaluate(
      ({ addText, noRecordText }) => {
        const main = document.querySelector('main') ?? document.body;
        const root = main.querySelector('[data-screen]') as HTMLElement | null;
        const dialog = document.querySelector('[role=dialog]') as HTMLElement | null;
        const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
        return {
          url: location.pathname + location.search,
          screen: root?.getAttribute('data-screen') ?? null,
          entity: root?.getAttribute('data-entity') ?? null,
          rootText: root?.innerText ?? '',
          mainText: (main as HTMLElement).innerText,
          badHrefs: [...new Set(hrefs.filter((h) => /\/:[a-zA-Z]/.test(h)))],
          links: [
            ...new Set(
              [...main.querySelectorAll('a[href]')]
                .map((a) => a.getAttribute('href') ?? '')
                .filter((h) => h.startsWith('/app/')),
            ),
          ],
          dialog: dialog ? dialog.innerText : null,
          addShown:
            !!root &&
            [...root.querySelectorAll('button, a')].some((b) => (b as HTMLElement).innerText.trim() === addText),
          noRecordChosen: (root?.innerText ?? '').includes(noRecordText),
          rowLink: root?.querySelector('.ag-row[row-index="0"] a[href]')?.getAttribute('href') ?? null,
        };
      },
      { addText, noRecordText },
    );
  }
}

/** Pages each actor's crawl uses at once (CRAWL_PAGES, 3 by default). */
const PAGES = Number(process.env.CRAWL_PAGES) || 3;

export interface CrawlTexts {
  add: string;
  noRecordChosen: string;
}

/**
 * Every screen of one actor: the navigation's and every path of its modules without a parameter, then the screens
 * that need a record, reached by the links the screens before showed (one address per screen).
 */
export async function crawlActor(
  browser: Browser,
  server: RunningServer,
  actor: Actor,
  lang: string,
  texts: CrawlTexts,
  signIn: (page: Page) => Promise<void>,
): Promise<{ findings: Finding[]; visits: Visit[]; unreached: string[] }> {
  const context = await browser.newContext({ viewport: { width: 2600, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('stratum.lang', l), lang);
  const page = await context.newPage();
  const crawl = new CrawlPage(page);
  const findings: Finding[] = [];
  const visits: Visit[] = [];
  await signIn(page);
  await crawl.settle();
  const meta = (await (await fetch(`${server.url}/api/v1/meta`, { headers: { token: actor.token } })).json())
    .data as Meta;

  // the shell itself (navigation, top bar) once
  const chrome = await page.evaluate(() =>
    [...document.querySelectorAll('nav, header')].map((e) => (e as HTMLElement).innerText).join('\n'),
  );
  for (const problem of textFaults(chrome))
    findings.push({ actor: actor.name, screen: '(navigation)', at: '', problem });
  // what the navigation offers, walked by clicks: its entries, each module home's tabs and its groups' tiles
  const walked = await offeredByNavigation(page);
  for (const problem of textFaults(walked.labels.join('\n')))
    findings.push({ actor: actor.name, screen: '(module homes)', at: '', problem });
  const nav = walked.paths;
  const offered = new Set(nav);
  for (const p of crawl.takeErrors()) findings.push({ actor: actor.name, screen: '(sign-in)', at: '', problem: p });

  const direct = [
    ...new Set([
      ...nav,
      ...allScreens(meta)
        .filter((s) => !needsRecord(s))
        .map((s) => s.path),
    ]),
  ];
  const visited = new Set<string>();
  // CRAWL_LIMIT=40 opens only the first screens of each actor (a quick look in another language, by hand)
  // CRAWL_PATHS=/app/a,/app/b opens those only
  const queue: string[] = process.env.CRAWL_PATHS
    ? process.env.CRAWL_PATHS.split(',')
    : direct.slice(0, Number(process.env.CRAWL_LIMIT) || undefined);
  const linked = new Map<string, string>(); // a record screen's pattern -> the first address that links to it
  const linkedFrom = new Map<string, string>(); // an address followed -> the screen whose link it was
  mkdirSync(CRAWL_ARTIFACTS, { recursive: true });
  const log = join(CRAWL_ARTIFACTS, `findings-${lang}-${actor.name}.txt`);
  writeFileSync(log, '');
  let busy = 0;
  /** One page's share of the crawl: it takes the next address of the common queue until none is left. */
  const worker = (crawl: CrawlPage) => {
    const page = crawl.page;
    const bad = async (screen: string, at: string, problems: string[]) => {
      for (const problem of problems) {
        findings.push({ actor: actor.name, screen, at, problem });
        appendFileSync(log, `${screen} (${at}): ${problem}\n`);
      }
      // CRAWL_SNAP=1 keeps a picture of every screen (to look at another language by hand), else of the failing ones
      if (problems.length || process.env.CRAWL_SNAP) {
        mkdirSync(CRAWL_ARTIFACTS, { recursive: true });
        const name = `${lang}-${actor.name}-${at
          .replace(/^\/app\//, '')
          .replace(/[^A-Za-z0-9]+/g, '_')
          .slice(0, 120)}`;
        await page.screenshot({ path: join(CRAWL_ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
      }
    };

    /** Clicks the first row's link of the list shown and checks the record screen it opens. */
    const openRow = async (rowScreen: ScreenMeta, href: string, from: string) => {
      visited.add(rowScreen.path);
      linkedFrom.set(href, from);
      crawl.takeErrors();
      await crawl.clickFirstRow();
      await check(href, rowScreen.path, rowScreen, true);
    };
    const drain = async () => {
      // a page whose queue is empty waits while another's screen may still add links to it
      while (queue.length || busy > 0) {
        if (!queue.length) {
          await page.waitForTimeout(100);
          continue;
        }
        const at = queue.shift()!;
        const target = screenOf(meta, at.split('?')[0]);
        const key = target?.path ?? at;
        if (visited.has(key)) continue;
        visited.add(key);
        busy++;
        try {
          crawl.takeErrors();
          await crawl.open(at);
          await check(at, key, target, false);
        } finally {
          busy--;
        }
      }
    };
    const check = async (at: string, key: string, target: ScreenMeta | undefined, byClick: boolean): Promise<void> => {
      {
        const s = await crawl.seen(texts.add, texts.noRecordChosen);
        const landed = screenOf(meta, s.url.split('?')[0]);
        visits.push({
          actor: actor.name,
          screen: key,
          at: byClick ? s.url : at,
          kind: target?.kind ?? '?',
          record: !!target && needsRecord(target),
        });
        const problems: string[] = crawl.takeErrors();
        if (s.url.startsWith('/app/sessions/')) {
          problems.push(`left for ${s.url} (signed out)`);
          await bad(key, at, problems);
          await signIn(page);
          await crawl.settle();
          return;
        }
        if (!(await page.locator('main').count())) {
          // the app fell over (an error thrown while rendering unmounts it): say so, and load it afresh for the next screen
          problems.push('blank: the app unmounted (no main)');
          await bad(key, at, problems);
          await page.goto(server.url + at);
          await crawl.settle();
          crawl.takeErrors();
          return;
        }
        if (!s.screen) problems.push('blank: no [data-screen] rendered');
        else if (s.screen === 'not-found') problems.push('not found');
        // a screen of the role's modules that the caller may not use says so; the navigation and links must not lead there
        else if (s.screen === 'forbidden' && (offered.has(at) || linkedFrom.has(at)))
          problems.push(
            offered.has(at)
              ? 'forbidden, yet offered by the navigation'
              : `forbidden, yet linked from ${linkedFrom.get(at)}`,
          );
        else if (!s.rootText.trim()) problems.push('blank: the screen shows no text');
        if (s.noRecordChosen) problems.push('"No record was chosen." (the address does not name a record)');
        if (s.dialog) problems.push(`error dialog: ${s.dialog.replace(/\s+/g, ' ').trim().slice(0, 200)}`);
        problems.push(...textFaults(s.mainText));
        if (s.badHrefs.length)
          problems.push(
            `link with an unfilled parameter: ${s.badHrefs.slice(0, 5).join(', ')}${s.badHrefs.length > 5 ? ` (+${s.badHrefs.length - 5})` : ''}`,
          );
        const entity = target?.entity ? meta.entities.find((e) => e.name === target.entity) : undefined;
        // the Add control follows the list's first page (which says whether the caller may add): give it a moment
        if (
          target?.kind === 'list' &&
          landed === target &&
          target.add &&
          entity?.can.add &&
          s.screen === 'list' &&
          !s.addShown &&
          (await serverSaysMayAdd(page, target, entity))
        )
          if (
            !(await page
              .locator('main [data-screen=list] .toolbar')
              .getByRole('button', { name: texts.add, exact: true })
              .first()
              .waitFor({ timeout: 5_000 })
              .then(
                () => true,
                () => false,
              ))
          )
            problems.push('no Add control, though the caller may add');
        if (
          target?.kind === 'list' &&
          !target.source &&
          landed === target &&
          entity &&
          s.screen === 'list' &&
          s.addShown &&
          !(await serverSaysMayAdd(page, target, entity))
        )
          problems.push('an Add control, though the server says the caller may not add here');
        problems.push(...(await recordControlFaults(page, meta)));
        await bad(key, at, problems);
        // a list's first row opened as a person does, by its Edit (or Open) link: the record screen is checked there and then
        if (s.screen === 'list' && s.rowLink) {
          const rowScreen = screenOf(meta, s.rowLink.split('?')[0]);
          if (rowScreen && !visited.has(rowScreen.path) && !/\/:[a-zA-Z]/.test(s.rowLink))
            await openRow(rowScreen, s.rowLink, at);
        }

        // the record screens this one links to (an Edit, a "manage", an "Open the list" under a record)
        for (const href of s.links) {
          if (/\/:[a-zA-Z]/.test(href)) continue;
          const linkedScreen = screenOf(meta, href.split('?')[0]);
          if (!linkedScreen || visited.has(linkedScreen.path) || linked.has(linkedScreen.path)) continue;
          if (needsRecord(linkedScreen) || !queue.includes(linkedScreen.path)) {
            linked.set(linkedScreen.path, href);
            linkedFrom.set(href, at);
            queue.push(href);
          }
        }
      }
    };
    return drain;
  };
  // more than one page at a time: most of a screen's time is waiting for its calls, not for the processor
  const extras = await Promise.all(
    Array.from({ length: PAGES - 1 }, async () => {
      const extra = new CrawlPage(await context.newPage());
      await extra.page.goto(`${server.url}/app/dashboard/main`);
      await extra.settle();
      extra.takeErrors();
      return extra;
    }),
  );
  const drain = () => Promise.all([crawl, ...extras].map((c) => worker(c)()));
  await drain();
  // the record screens no link led to: opened with a record of their entity that the actor may list, its fields
  // filling the address (as a list's link would), so that a screen without a linking list is still looked at
  for (const screen of allScreens(meta).filter((x) => needsRecord(x) && !visited.has(x.path) && x.entity)) {
    const entity = meta.entities.find((e) => e.name === screen.entity);
    if (!entity) continue;
    const r = await fetch(`${server.url}/api/v1/${entity.name}?limit=1`, { headers: { token: actor.token } })
      .then((x) => x.json())
      .catch(() => null);
    const row = r?.data?.[entity.dataKeys.list]?.[0] as Record<string, unknown> | undefined;
    const at = row && (screen.kind === 'list' ? fillPath(screen, {}, row) : recordAddress(screen, {}, row));
    if (!at) continue;
    queue.push(at);
  }
  await drain();
  const unreached = allScreens(meta)
    .filter((s) => needsRecord(s) && !visited.has(s.path))
    .map((s) => s.path);
  writeFileSync(join(CRAWL_ARTIFACTS, `unreached-${lang}-${actor.name}.txt`), unreached.join('\n') + '\n');
  await context.close();
  return { findings, visits, unreached };
}

/** The outside respondent: each mailed link (its page with the token), then the flow's pages opened bare. */
export async function crawlRespondent(
  browser: Browser,
  server: RunningServer,
  links: { flow: string; url: string }[],
  lang: string,
): Promise<{ findings: Finding[]; visits: Visit[] }> {
  const findings: Finding[] = [];
  const visits: Visit[] = [];
  const screens = (await (await fetch(`${server.url}/api/v1/public/screens`)).json()).data.screens as {
    path: string;
    flow: string;
    phase: string;
  }[];
  const context = await browser.newContext();
  await context.addInitScript((l) => localStorage.setItem('stratum.lang', l), lang);
  const page = await context.newPage();
  const crawl = new CrawlPage(page);
  const check = async (screen: string, at: string, expect: string) => {
    await page
      .locator(expect)
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await crawl.settle(20_000, expect);
    const problems = crawl.takeErrors();
    const text = await page.evaluate(() => document.body.innerText);
    if (!(await page.locator(expect).count()))
      problems.push(`expected ${expect}, the page shows: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    if (!text.trim()) problems.push('blank');
    problems.push(...textFaults(text));
    const badHrefs = await page.$$eval('a[href]', (as) =>
      as.map((a) => a.getAttribute('href') ?? '').filter((h) => /\/:[a-zA-Z]/.test(h)),
    );
    if (badHrefs.length) problems.push(`link with an unfilled parameter: ${badHrefs.join(', ')}`);
    visits.push({ actor: 'respondent', screen, at, kind: 'public', record: false });
    for (const problem of problems) findings.push({ actor: 'respondent', screen, at, problem });
    if (problems.length) {
      mkdirSync(CRAWL_ARTIFACTS, { recursive: true });
      await page.screenshot({
        path: join(CRAWL_ARTIFACTS, `${lang}-respondent-${screen.replace(/[^A-Za-z0-9]+/g, '_')}.png`),
        fullPage: true,
      });
    }
  };
  for (const link of links) {
    const own = screens.filter((s) => s.flow === link.flow);
    const complete = own.find((s) => s.phase === 'complete');
    crawl.takeErrors();
    await page.goto(link.url);
    await check(complete?.path ?? link.flow, link.url.replace(/#.*/, '#token=…'), '[data-testid=public-flow-form]');
    for (const s of own.filter((x) => !x.path.includes(':'))) {
      await page.goto(server.url + s.path);
      await check(s.path, s.path, s.phase === 'success' ? '[data-testid=public-flow-success]' : 'form, [role=alert]');
    }
  }
  await context.close();
  return { findings, visits };
}

/**
 * What the list itself answers about adding (its `allowed.add`), asked as the signed-in caller of the page with the
 * query the list screen sends (its parent from the address, its preset and owner: listFixedQuery), so that a list
 * under a record is judged with that record, as the screen is.
 */
async function serverSaysMayAdd(page: Page, screen: ScreenMeta, entity: Meta['entities'][number]): Promise<boolean> {
  const url = new URL(page.url());
  const fixed = listFixedQuery(screen, entity, url.pathname, url.searchParams);
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(fixed).map(([k, v]) => [k, String(v)])),
    limit: '1',
  });
  return page.evaluate(async (path) => {
    const token = JSON.parse(localStorage.getItem('stratum.user') ?? 'null')?.token;
    const r = await fetch(path, { headers: token ? { token } : {} });
    const body = await r.json();
    return body?.data?.allowed?.add === true;
  }, `/api/v1/${entity.name}?${query}`);
}
