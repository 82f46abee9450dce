import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './api-setup.ts';
import { launchChromium } from './browser.ts';
import { signedIn } from './journey.ts';
import { startServer, type RunningServer } from './server-process.ts';

/** A person of a journey: added by the executive, who then sets a password through the reset mail. */
export interface JourneyPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** What a journey's set-up made; filled in by its beforeAll, so read it inside the steps. */
export interface JourneyCompany {
  server: RunningServer;
  browser: Browser;
  /** the executive's (the company's module administrator's) sign-in and session token, for the API's arranging */
  exec: { email: string; password: string; companyId: number };
  token: string;
  /** each person's employee id, by the key the journey gave them */
  ids: Record<string, number>;
  /** the executive's API, as the set-up and the steps' checks use it */
  call(path: string, body?: unknown): Promise<any>;
}

/**
 * The set-up every company journey starts from, as its beforeAll and afterAll: a fresh server, a company with its
 * modules switched on and its executive's password set, the journey's people, then what the journey arranges through
 * the API (`arrange`, as the executive), and a signed-in page for the executive (`pages.exec`) and for each person
 * (`pages[key]`). Call it in the journey's describe, with the pages record its journeySteps took.
 */
export function journeyCompany(opts: {
  company: string;
  modules: string[];
  people: Record<string, JourneyPerson>;
  pages: Record<string, Page>;
  arrange?: (j: JourneyCompany) => Promise<void>;
  viewport?: { width: number; height: number };
}): JourneyCompany {
  const j = { ids: {} } as JourneyCompany;
  const viewport = opts.viewport ?? { width: 1500, height: 1100 };
  beforeAll(async () => {
    j.server = await startServer();
    const password = 'exec-pass-12';
    j.exec = await companyWithExecutive(j.server, opts.company, password, opts.modules);
    j.token = (await api(j.server, 'auth/login', { email: j.exec.email, password })).user.token;
    j.call = (path, body) => api(j.server, path, body, j.token);
    for (const [key, who] of Object.entries(opts.people))
      j.ids[key] = await employeeWithPassword(j.server, j.token, who);
    await opts.arrange?.(j);
    j.browser = await launchChromium();
    opts.pages.exec = await signedIn(j.browser, j.server.url, j.exec, viewport);
    for (const [key, who] of Object.entries(opts.people))
      opts.pages[key] = await signedIn(j.browser, j.server.url, who, viewport);
  }, 180_000);
  afterAll(async () => {
    await j.browser?.close();
    await j.server?.stop();
  });
  return j;
}
