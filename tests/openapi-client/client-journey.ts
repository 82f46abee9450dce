/**
 * What an integrator writes with a client generated from the served document (openapi-typescript + openapi-fetch),
 * with no cast anywhere: tests/api/openapi-client.test.ts generates `stratum-api.d.ts` beside this file, type-checks
 * both with tsc (tsconfig.json here), then runs this journey against the server. A reply whose schema is wrong or
 * missing makes this file fail to compile (the token of a `never` sign-in reply cannot be read) or the journey fail.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './stratum-api.d.ts';

type Failure = components['schemas']['Failure'];

export interface JourneyResult {
  signedInAs: string;
  departments: number;
  added: components['schemas']['Department'];
  updatedVersion: number;
  staleRefusal: Failure['code'];
  transitions: (string | null)[];
  csv: string;
}

/** Signs in as an administrator, lists, adds, updates with the version (and is refused a stale one), moves a scorecard through two transitions and exports a report. */
export async function clientJourney(baseUrl: string, fetchImpl: typeof fetch, email: string, password: string): Promise<JourneyResult> {
  const open = createClient<paths>({ baseUrl, fetch: fetchImpl });
  const signIn = await open.POST('/api/v1/auth/login', { body: { email, password } });
  if (!signIn.data) throw new Error(`sign-in refused: ${signIn.error?.err_msg}`);
  const { token, firstName } = signIn.data.data.user;
  const api = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: { token } });

  const units = await api.GET('/api/v1/business-unit', { params: { query: { limit: 1 } } });
  if (!units.data) throw new Error(`business units refused: ${units.error?.err_msg}`);
  const unit = units.data.data.businessUnitList[0];
  if (!unit) throw new Error('no business unit to add a department to');
  const departments = await api.GET('/api/v1/department', { params: { query: { businessUnitId: unit.id } } });
  if (!departments.data) throw new Error(`departments refused: ${departments.error?.err_msg}`);

  const add = await api.POST('/api/v1/department/add', { body: { name: 'Client journey', businessUnitId: unit.id } });
  if (!add.data) throw new Error(`add refused: ${add.error?.err_msg}`);
  const added = add.data.data.department;
  const update = await api.POST('/api/v1/department/update', { body: { id: added.id, version: added.version, name: 'Client journey, renamed' } });
  if (!update.data) throw new Error(`update refused: ${update.error?.err_msg}`);
  const stale = await api.POST('/api/v1/department/update', { body: { id: added.id, version: added.version, name: 'Too late' } });
  if (!stale.error || stale.response.status !== 409) throw new Error(`a stale version was not refused 409 (${stale.response.status})`);

  const approved = await api.GET('/api/v1/performance-scorecard', { params: { query: { status: 'Approved', limit: 1 } } });
  const card = approved.data?.data.list[0];
  if (!card) throw new Error('no approved scorecard to send back');
  const back = await api.POST('/api/v1/performance-scorecard/accept-back', { body: { id: card.id, version: card.version } });
  if (!back.data) throw new Error(`accept back refused: ${back.error?.err_msg}`);
  const again = await api.POST('/api/v1/performance-scorecard/approve', { body: { id: card.id, version: back.data.data.scorecard.version } });
  if (!again.data) throw new Error(`approve refused: ${again.error?.err_msg}`);

  const plans = await api.GET('/api/v1/annual-plan', { params: { query: { limit: 1 } } });
  const plan = plans.data?.data.list[0];
  if (!plan) throw new Error('no annual plan to report on');
  const file = await api.GET('/api/v1/performance-scorecard/company-performance/export', { params: { query: { annualPlanId: plan.id, format: 'csv' } }, parseAs: 'text' });
  if (file.data === undefined) throw new Error(`export refused: ${file.error?.err_msg}`);

  return {
    signedInAs: firstName ?? email,
    departments: departments.data.data.total,
    added: update.data.data.department,
    updatedVersion: update.data.data.department.version,
    staleRefusal: stale.error.code,
    transitions: [back.data.data.scorecard.status, again.data.data.scorecard.status],
    csv: file.data,
  };
}
