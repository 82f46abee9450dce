import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = () => existsSync(CHROMIUM);

/** Debian's Chromium, headless, with the flags this machine needs (no background networking: the network is closed); never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Browser suites skip loudly where Chromium is missing, and fail under CI. */
export function browserSkipReason(): string | null {
  if (chromiumAvailable()) return null;
  const msg = `Chromium is not at ${CHROMIUM}: the browser suites cannot run (apt-get install -y chromium)`;
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`\n!!! ${msg}; they are SKIPPED !!!\n`);
  return msg;
}
