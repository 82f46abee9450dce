import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

/**
 * Every GET command (the reports, the pages a list screen shows) called bare, without any of its query parameters, by
 * a module administrator of every module: a parameter it needs is asked for in words (422 naming it, or 400), never a
 * 500.
 */
describe.each(backends())('GET commands without their parameters on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const modules = [...t.stratum.registry.modules.values()]
      .filter((m) => !m.core && m.role !== 'holder' && m.role !== 'public')
      .map((m) => m.id);
    exec = (await t.addCompany('Bareco', { modules })).executive;
  });
  afterAll(() => t.close());

  it('answers no GET command with a 500, and names a missing required parameter', async () => {
    const failures: string[] = [];
    const unnamed: string[] = [];
    for (const entity of t.stratum.registry.entities.values()) {
      if (entity.scope !== 'company') continue;
      for (const command of entity.commands.filter((c) => c.method === 'GET')) {
        const path = `${entity.name}/${command.name}`;
        const r = await exec.get(path);
        if (r.status >= 500) failures.push(`${path}: ${r.status} ${r.body.err_msg}`);
        const required = [
          ...((command.input?.required as string[] | undefined) ?? []),
          ...(command.report?.required ?? []),
        ];
        if (
          required.length &&
          !(
            (r.status === 400 || r.status === 422) &&
            required.some((name) => r.body.errors?.some((e) => e.field === name))
          )
        )
          unnamed.push(`${path}: ${r.status} ${JSON.stringify(r.body.errors)} ${r.body.err_msg}`);
      }
    }
    expect(failures).toEqual([]);
    expect(unnamed).toEqual([]);
  });

  it('asks for the progress report by what it reports on', async () => {
    const r = await exec.get('project/progress-report');
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.errors).toEqual([{ field: 'of', message: 'Report on is required' }]);
    const de = await exec.raw('project/progress-report', { method: 'GET', headers: { 'accept-language': 'de' } });
    expect(de.status).toBe(422);
    expect(de.body.err_msg).not.toBe(r.body.err_msg);
  });
});
