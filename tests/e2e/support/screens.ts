import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../../server/boot.ts';

/** Screenshots are kept as test artifacts (git-ignored) under test-artifacts/e2e. */
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'e2e');
mkdirSync(ARTIFACTS, { recursive: true });

export const snap = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Waits for a reference select to offer the option, then picks it. */
export async function pick(page: Page, field: string, label: string): Promise<void> {
  const select = page.locator(`#root_${field}`);
  await select.locator('option', { hasText: label }).first().waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/app/sessions/signIn`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL('**/app/dashboard/main');
}
