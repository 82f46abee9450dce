import { afterEach, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signIn, snap } from './screens.ts';

/**
 * The steps of a journey, each an `it`: a step runs only while the ones before it succeeded (a journey cannot go on
 * from a broken step), and a failed step leaves a picture of every open page (`<name>-failed-<who>.png`). Call it in
 * the journey's describe.
 */
export function journeySteps(name: string, pages: Record<string, Page>, timeout = 120_000) {
  let broken = false;
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    broken = true;
    for (const [who, page] of Object.entries(pages)) await snap(page, `${name}-failed-${who}`).catch(() => undefined);
  });
  return (title: string, fn: () => Promise<void>) =>
    it(
      title,
      async (ctx) => {
        if (broken) ctx.skip();
        await fn();
      },
      timeout,
    );
}

/** A person's page, signed in, in a browser context of their own. */
export async function signedIn(
  browser: Browser,
  base: string,
  who: { email: string; password: string },
  viewport = { width: 1400, height: 1000 },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, base, who.email, who.password);
  return page;
}
