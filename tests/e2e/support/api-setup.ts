import { HOLDER, type RunningServer } from './server-process.ts';

/** Data for browser tests made through the API, the way the screens would make it. */
export async function api(server: RunningServer, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}/api/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.res !== 'success') throw new Error(`${path}: ${json.err_msg}`);
  return json.data;
}

/** A company with the given modules, its executive's password set through the welcome mail's key. */
export async function companyWithExecutive(
  server: RunningServer,
  name: string,
  password: string,
  modules: string[] = [],
) {
  const holder = (await api(server, 'auth/login', HOLDER)).user.token;
  const email = `exec@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`;
  const company = (
    await api(server, 'company/add', { companyName: name, eFirstName: 'Exe', eLastName: name, email }, holder)
  ).company;
  const all = (await api(server, 'module?limit=100', undefined, holder)).list as { id: number; code: string }[];
  for (const code of modules)
    await api(
      server,
      `company-module/set-enablement?companyId=${company.id}`,
      { moduleId: all.find((m) => m.code === code)!.id, enabled: 'Yes' },
      holder,
    );
  await api(server, 'auth/reset-password', { email, password, authKey: await mailedKey(server, email) });
  return { email, password, companyId: company.id as number };
}

/** The key in the first mail of the outbox to `email` (the welcome or reset mail), waiting up to 5 s for it. */
async function mailedKey(server: RunningServer, email: string): Promise<string> {
  for (let i = 0; i < 50 && !server.mails().some((m) => m.includes(email)); i++)
    await new Promise((r) => setTimeout(r, 100));
  return /Your key: ([A-Za-z0-9_-]+)/.exec(server.mails().find((m) => m.includes(email))!)![1];
}

/**
 * An employee added by the caller of `token` (with `fields` besides the name, e.g. the business unit), who then set a
 * password through the reset mail; the employee's id.
 */
export async function employeeWithPassword(
  server: RunningServer,
  token: string,
  who: { firstName: string; lastName: string; email: string; password: string },
  fields: Record<string, unknown> = {},
): Promise<number> {
  const added = (
    await api(
      server,
      'employee/add',
      { firstName: who.firstName, lastName: who.lastName, email: who.email, ...fields },
      token,
    )
  ).employee;
  await api(server, 'auth/forgot-password', { email: who.email });
  await api(server, 'auth/reset-password', {
    email: who.email,
    password: who.password,
    authKey: await mailedKey(server, who.email),
  });
  return added.id as number;
}
