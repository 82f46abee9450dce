import { chromium } from 'playwright-core';
const url = 'http://127.0.0.1:3977';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await b.newPage({ viewport: { width: 1440, height: 900 } });
const [who, path, shot] = process.argv.slice(2);
await page.goto(url + '/');
await page.waitForTimeout(1500);
await page.fill('input[type=email]', who);
await page.fill('input[type=password]', 'stratum-demo');
await page.keyboard.press('Enter');
await page.waitForTimeout(3000);
await page.goto(url + path);
await page.waitForTimeout(5000);
if (process.argv[5]) { await page.locator(process.argv[5]).first().click(); await page.waitForTimeout(5000); }
await page.screenshot({ path: shot, fullPage: true });
console.log(page.url());
await b.close();
