import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import axe from 'axe-core';
import { startTestDirectory, type TestDirectory } from '../support/oidc-directory.ts';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { signIn, snap } from './support/screens.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';

const skip = browserSkipReason();

/** Sign-in and sign-up through a real OpenID Connect directory on loopback, in Chromium against the real server. */
describe.skipIf(skip)('single sign-on in the browser', () => {
  let directory: TestDirectory;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let execToken: string;
  let providerId: number;
  const exec = { password: 'acme-exec-pass-1' } as { email: string; password: string };

  const storedUser = () => page.evaluate(() => JSON.parse(localStorage.getItem('stratum.user') ?? 'null'));
  /** The directory remembers whom it signed in (its own session cookie); forget it so that the next sign-in asks again. */
  const forgetDirectorySession = () => context.clearCookies();
  const errorDialog = async () => ({
    title: await page.locator('#error-title').textContent(),
    message: await page.getByTestId('error-message').textContent(),
  });

  beforeAll(async () => {
    directory = await startTestDirectory();
    server = await startServer({
      PLATFORM_OIDC_ISSUER: directory.issuer,
      PLATFORM_OIDC_CLIENT_ID: 'stratum-platform',
      PLATFORM_OIDC_CLIENT_SECRET: 'platform-secret',
      PLATFORM_OIDC_NAME: 'Platform Directory',
      PLATFORM_OIDC_ALLOWED_DOMAINS: 'e2e.example',
    });
    Object.assign(exec, await companyWithExecutive(server, 'Acme', exec.password));
    execToken = (await api(server, 'auth/login', { email: exec.email, password: exec.password })).user.token;
    for (const [first, email] of [
      ['Anna', 'anna@acme.example'],
      ['Carl', 'carl@acme.example'],
    ])
      await api(server, 'employee/add', { firstName: first, lastName: 'Tester', email }, execToken);
    for (const email of ['anna@acme.example', 'stranger@acme.example', 'mallory@elsewhere.example', HOLDER.email])
      directory.addPerson(email);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await directory?.close();
  });

  it('the company administrator sets up the directory on the single sign-on screen; the secret never comes back', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/settings/sso-providers`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/app/settings/sso-providers/add');
    await page.fill('#root_name', 'Acme Directory');
    await page.fill('#root_issuer', directory.issuer);
    await page.fill('#root_clientId', 'stratum-acme');
    await page.fill('#root_clientSecret', 'acme-client-secret');
    await page.fill('#root_allowedDomains', 'acme.example');
    await snap(page, 'sso-01-provider-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/settings/sso-providers');
    await page.getByRole('gridcell', { name: 'Acme Directory', exact: true }).waitFor();
    await snap(page, 'sso-02-provider-list');
    const [provider] = (await api(server, 'sso-provider', undefined, execToken)).sso_provider_list;
    providerId = provider.id;
    expect(provider).not.toHaveProperty('clientSecret');
    directory.setClients([
      {
        clientId: 'stratum-acme',
        clientSecret: 'acme-client-secret',
        redirectUris: [`${server.url}/auth/${providerId}/callback`],
      },
      {
        clientId: 'stratum-platform',
        clientSecret: 'platform-secret',
        redirectUris: [`${server.url}/auth/platform/callback`],
      },
    ]);
    await page.goto(`${server.url}/app/settings/sso-providers/edit?id=${providerId}`);
    await page.locator('#root_clientId').waitFor();
    expect(await page.inputValue('#root_clientSecret')).toBe('');
    expect(await page.inputValue('#root_allowedDomains')).toBe('acme.example');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
  });

  it('an employee types the e-mail, signs in with the company directory, and signing out ends the session', async () => {
    await page.fill('#email', 'anna@acme.example');
    const button = page.getByRole('button', { name: 'Sign in with Acme Directory' });
    await button.waitFor();
    await snap(page, 'sso-03-sign-in-offers-directory');
    await button.click();
    await page.waitForURL('**/app/dashboard/main');
    const user = await storedUser();
    expect(user).toMatchObject({ email: 'anna@acme.example', role: 'employee' });
    expect(page.url()).not.toContain(user.token);
    await snap(page, 'sso-04-signed-in');
    // the stored session goes first (the page turns to sign-in at once), the server's sign-out a moment later
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
    await signedOut;
    expect(await storedUser()).toBeNull();
    const after = await fetch(`${server.url}/api/v1/business-unit`, { headers: { token: user.token } });
    expect(after.status).toBe(401);
  });

  it('where the company no longer allows passwords, the sign-in page offers only its directory', async () => {
    const provider = (await api(server, `sso-provider/${providerId}`, undefined, execToken)).sso_provider;
    await api(
      server,
      'sso-provider/update',
      { id: providerId, version: provider.version, passwordSignIn: 'No' },
      execToken,
    );
    await page.goto(`${server.url}/app/sessions/signIn`);
    await page.fill('#email', 'anna@acme.example');
    await page.getByRole('button', { name: 'Sign in with Acme Directory' }).waitFor();
    await page.locator('#password').waitFor({ state: 'detached' });
    await snap(page, 'sso-04b-directory-only');
    await api(
      server,
      'sso-provider/update',
      { id: providerId, version: provider.version + 1, passwordSignIn: 'Yes' },
      execToken,
    );
  });

  it('an e-mail outside the allowed domains is refused with a titled message', async () => {
    await forgetDirectorySession();
    directory.signInAs = 'mallory@elsewhere.example';
    try {
      await page.goto(`${server.url}/app/sessions/signIn`);
      await page.fill('#email', 'anna@acme.example');
      await page.getByRole('button', { name: 'Sign in with Acme Directory' }).click();
      await page.locator('#error-title').waitFor();
    } finally {
      directory.signInAs = null;
    }
    expect(await errorDialog()).toEqual({
      title: 'Login Failed',
      message: 'mallory@elsewhere.example is outside the e-mail domains this sign-in accepts (acme.example)',
    });
    expect(page.url()).toMatch(/\/app\/sessions\/signIn$/);
    expect(await storedUser()).toBeNull();
    await snap(page, 'sso-05-outside-domains');
    await page.getByRole('button', { name: 'OK' }).click();
  });

  it('a forged return (a state this server never issued) is refused', async () => {
    await page.goto(`${server.url}/auth/${providerId}/callback?code=forged&state=forged`);
    await page.locator('#error-title').waitFor();
    const shown = await errorDialog();
    expect(shown.title).toBe('Login Failed');
    expect(shown.message).toMatch(/unknown, used or expired state/);
    expect(await storedUser()).toBeNull();
    await page.getByRole('button', { name: 'OK' }).click();
  });

  it('sign-up: an uninvited person is refused, by directory or by mail', async () => {
    await forgetDirectorySession();
    await page.goto(`${server.url}/app/sessions/signUp`);
    await page.fill('#email', 'stranger@acme.example');
    await page.getByRole('button', { name: 'Sign up with Acme Directory' }).click();
    await page.locator('#error-title').waitFor();
    const shown = await errorDialog();
    expect(shown.title).toBe('Sign Up Failed');
    expect(shown.message).toMatch(/stranger@acme.example is not an employee of Acme/);
    await snap(page, 'sso-06-sign-up-refused');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.fill('#email', 'stranger@acme.example');
    await page.getByRole('button', { name: 'E-mail me a link to choose a password' }).click();
    await page.getByTestId('sent').waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(server.mails().some((m) => m.includes('stranger@acme.example'))).toBe(false);
  });

  it('sign-up: an invited employee chooses a password through the mailed link and signs in', async () => {
    await page.goto(`${server.url}/app/sessions/signUp`);
    await page.fill('#email', 'carl@acme.example');
    await page.getByRole('button', { name: 'E-mail me a link to choose a password' }).click();
    await page.getByTestId('sent').waitFor();
    let mail: string | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = server.mails().find((m) => m.includes('carl@acme.example') && m.includes('Finish signing up'));
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    const link = /(http:\/\/\S+\/app\/sessions\/signUp\?\S+)/.exec(mail!)![1];
    await page.goto(link);
    await page.fill('#password', 'carl-password-1');
    await page.fill('#repeat', 'carl-password-1');
    await snap(page, 'sso-07-sign-up-choose-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByTestId('signed-up').waitFor();
    await signIn(page, server.url, 'carl@acme.example', 'carl-password-1');
    expect(await storedUser()).toMatchObject({ email: 'carl@acme.example' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
  });

  it('the holder signs in through the platform directory', async () => {
    await forgetDirectorySession();
    await page.fill('#email', HOLDER.email);
    await page.getByRole('button', { name: 'Sign in with Platform Directory' }).click();
    await page.waitForURL('**/app/dashboard/main').catch(async (e) => {
      await snap(page, 'sso-failed-holder');
      throw new Error(`${(e as Error).message}\nat ${page.url()}: ${await page.locator('body').innerText()}`);
    });
    expect(await storedUser()).toMatchObject({ email: HOLDER.email, role: 'holder' });
  });

  it('has no serious or critical accessibility violations on the sign-in with directories, the sign-up and the provider form', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const p = await fresh.newPage();
    const check = async (name: string) => {
      await p.evaluate(axe.source); // through the debugger, not a script tag: the page keeps its Content-Security-Policy
      const result = await p.evaluate(async () =>
        (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
      );
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${name}: ${v.id} ${v.help} (${v.nodes.length})`);
    };
    await p.goto(`${server.url}/app/sessions/signIn`);
    await p.fill('#email', 'anna@acme.example');
    await p.getByRole('button', { name: 'Sign in with Acme Directory' }).waitFor();
    const bad = await check('sign-in');
    await p.goto(`${server.url}/app/sessions/signUp`);
    await p.fill('#email', 'anna@acme.example');
    await p.getByRole('button', { name: 'Sign up with Acme Directory' }).waitFor();
    bad.push(...(await check('sign-up')));
    await signIn(p, server.url, exec.email, exec.password);
    await p.goto(`${server.url}/app/settings/sso-providers/edit?id=${providerId}`);
    await p.locator('#root_allowedDomains').waitFor();
    bad.push(...(await check('provider-form')));
    await fresh.close();
    expect(bad).toEqual([]);
  });
});
