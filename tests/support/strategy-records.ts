import type { Client } from './test-stratum.ts';

/**
 * The strategic records most strategy tests stand on (a plan, its perspectives, pillars and objectives), added through
 * the API as the test's executive: arrangement, not what those tests are about. Each returns the new record's id and
 * stops the arrangement with the server's own words when it is refused.
 */
async function addedId(
  client: Client,
  entity: string,
  dataKey: string,
  body: Record<string, unknown>,
): Promise<number> {
  const r = await client.post(`${entity}/add`, body);
  if (r.status !== 200) throw new Error(`arranging a ${entity}: ${r.status} ${r.body.err_msg}`);
  return r.body.data[dataKey].id as number;
}

export const addStrategicPlan = (client: Client, description: string, startDate: string, endDate: string) =>
  addedId(client, 'strategic-plan', 'strategic', { description, startDate, endDate });

export const addPerspective = (client: Client, strategicPlanId: number, name: string) =>
  addedId(client, 'perspective', 'perspective', { strategicPlanId, name });

export const addPillar = (client: Client, strategicPlanId: number, name: string, more: Record<string, unknown> = {}) =>
  addedId(client, 'strategic-pillar', 'pillar', { strategicPlanId, name, ...more });

export const addObjective = (client: Client, pillarId: number, name: string, more: Record<string, unknown> = {}) =>
  addedId(client, 'pillar-objective', 'objective', { pillarId, name, ...more });
