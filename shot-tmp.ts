import { chromium } from 'playwright-core';
const [, , email, lang, ...paths] = process.argv;
const base = 'http://localhost:3926';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
await page.goto(`${base}/app/sessions/signIn`);
await page.locator('input[type=email], #email').first().fill(email);
await page.locator('input[type=password]').first().fill(email.startsWith('holder') ? 'holder-pw-123' : 'stratum-demo');
await page.locator('button[type=submit]').first().click();
await page.waitForURL((u) => !u.pathname.includes('signIn'));
if (lang !== 'en') { await page.selectOption('#language', lang); await page.waitForTimeout(800); }
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = p.replace(/[^a-z0-9]+/gi, '_').slice(-60) + '_' + lang;
  await page.screenshot({ path: `/tmp/gaps26/shots/${name}.png`, fullPage: true });
  const cells = await page.locator('table td, .ag-cell').allInnerTexts();
  console.log(p, lang, JSON.stringify(cells.filter((c) => /\d/.test(c)).slice(0, 30)));
}
await browser.close();
