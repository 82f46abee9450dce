import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';
import { addSample } from '../support/sample-records.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';
import { confidentialWorld, MARKERS, SHOWN, type ConfidentialWorld } from './support/confidential-records.ts';

/**
 * No entity of the product limits reading to self and supervisor yet, but the metadata may say so: then a list shows
 * an employee only the records of its own and of those it supervises, and a read of anyone else's is refused. Proven on
 * a copy of the metadata where training tags are readable only that way.
 */
describe.each(backends())('reading limited to self and supervisor on $name', (backend) => {
  let t: TestStratum;
  let admin: Client;
  let pat: Client;
  let rey: Client;
  const ids: Record<string, number> = {};
  const tags: Record<string, number> = {};

  beforeAll(async () => {
    const metadata = copyMetadata();
    editJson(join(metadata, 'modules/performance/training-tag/entity.json'), (e) => {
      e.access = {
        read: ['employee:moduleAdmin', 'self', 'supervisor'],
        write: ['employee:moduleAdmin', 'self', 'supervisor'],
      };
    });
    t = await startTestStratum(backend, { metadataDir: metadata });
    admin = (await t.addCompany('Reach Co', { modules: ['strategic', 'performance'] })).executive;
    pat = await t.addEmployee(admin, 'Pat', 'Lead', 'pat@reach.example');
    rey = await t.addEmployee(admin, 'Rey', 'Report', 'rey@reach.example');
    const other = await t.addEmployee(admin, 'Oli', 'Other', 'oli@reach.example');
    for (const [name, c] of [
      ['pat', pat],
      ['rey', rey],
      ['oli', other],
    ] as const)
      ids[name] = (await c.get('auth/me')).body.data.user.employeeId;
    const r = (await admin.get(`employee/${ids.rey}`)).body.data.employee;
    expect(
      (await admin.post('employee/update', { id: ids.rey, version: r.version, supervisorId: ids.pat })).status,
    ).toBe(200);
    for (const name of ['pat', 'rey', 'oli'])
      tags[name] = (await addSample(admin, t.stratum.registry, 'training-tag', { employeeId: ids[name] })).record.id;
  });
  afterAll(() => t.close());

  const listed = async (c: Client) =>
    ((await c.get('training-tag?limit=100')).body.data.list as { id: number }[]).map((r) => r.id).sort();

  it('lists an employee its own records and those of the employees it supervises, and nothing else', async () => {
    expect(await listed(pat)).toEqual([tags.pat, tags.rey].sort());
    expect(await listed(rey)).toEqual([tags.rey]);
    expect((await listed(admin)).length).toBe(3);
    expect((await rey.get('training-tag?limit=100')).body.data.total).toBe(1);
  });

  it('refuses reading another employee record by id with 403, and reads one it may', async () => {
    expect((await rey.get(`training-tag/${tags.pat}`)).status).toBe(403);
    expect((await rey.get(`training-tag/${tags.oli}`)).status).toBe(403);
    expect((await pat.get(`training-tag/${tags.oli}`)).status).toBe(403);
    expect((await pat.get(`training-tag/${tags.rey}`)).status).toBe(200);
    expect((await rey.get(`training-tag/${tags.rey}`)).status).toBe(200);
  });
});

/**
 * The leak users found: Sabbir, an officer, read his manager Nusrat's assessment with every KPI score and comment, her
 * scorecard, and every employee's reviews and agreements. On the product's own metadata, none of the people who are
 * neither a record's owner, nor the owner's supervisor, nor a QA member of its plan, nor a party it names — her
 * subordinate, her peer in the same department, an employee of another business unit — finds any of her confidential
 * records in a list, by id, among the children of a record they may read, or in any report, export or other GET
 * command; those who may read them still do.
 */
describe.each(backends())('confidential records on $name', (backend) => {
  let t: TestStratum;
  let w: ConfidentialWorld;
  const reg = () => t.stratum.registry;
  const outsiders = () =>
    [
      ['her subordinate Sabbir', w.clients.sabbir],
      ['her peer Pia (same department)', w.clients.pia],
      ['Otto (another business unit)', w.clients.otto],
    ] as const;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    w = await confidentialWorld(t, reg());
  });
  afterAll(() => t.close());

  const listIds = async (c: Client, entity: string) => {
    const r = await c.get(`${entity}?limit=500`);
    if (r.status === 403) return [];
    expect(r.status, `${entity}: ${r.body.err_msg}`).toBe(200);
    return (r.body.data[reg().entity(entity).dataKeys.list] as { id: number }[]).map((x) => x.id);
  };

  it('lists and reads none of them to her subordinate, her peer or another unit’s employee', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const [who, c] of outsiders())
      for (const [entity, id, what] of w.confidential) {
        tried++;
        if ((await listIds(c, entity)).includes(id)) leaks.push(`${who} lists ${what}: ${entity} ${id}`);
        const r = await c.get(`${entity}/${id}`);
        if (r.status !== 403) leaks.push(`${who} reads ${what}: ${entity} ${id}: ${r.status}`);
        // nor finds it by filtering a list on it
        const filtered = await c.get(`${entity}?id=${id}`);
        if (filtered.status === 200 && JSON.stringify(filtered.body.data).includes(`"id":${id},`))
          leaks.push(`${who} finds ${what} by ?id=`);
      }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(50);
  });

  it('finds none of them among the children of any record they may read', async () => {
    const leaks: string[] = [];
    let read = 0;
    for (const [who, c] of outsiders())
      for (const e of reg().entities.values()) {
        if (e.scope !== 'company' || !e.children.length) continue;
        for (const id of await listIds(c, e.name)) {
          const r = await c.get(`${e.name}/${id}`);
          if (r.status !== 200) continue;
          read++;
          const text = JSON.stringify(r.body.data);
          for (const m of MARKERS) if (text.includes(m)) leaks.push(`${who} reads "${m}" with ${e.name} ${id}`);
        }
      }
    expect(leaks).toEqual([]);
    expect(read, 'records with children the outsiders read (the shown corporate scorecard among them)').toBeGreaterThan(
      3,
    );
  });

  it('shows a subordinate his own scorecard and the shown corporate one only, and lets the owner, her supervisor, a QA member of the plan and the PM committee read hers', async () => {
    const shownCard = w.shown[0][1];
    expect((await listIds(w.clients.sabbir, 'performance-scorecard')).sort()).toEqual(
      [w.records.sabbirScorecard, shownCard].sort(),
    );
    // Nusrat supervises Sabbir: his card is in her list beside her own
    expect((await listIds(w.clients.nusrat, 'performance-scorecard')).sort()).toEqual(
      [w.records['performance-scorecard'], w.records.sabbirScorecard, shownCard].sort(),
    );
    for (const c of [w.clients.nusrat, w.clients.boss, w.clients.quinn, w.exec]) {
      const r = await c.get(`performance-scorecard/${w.records['performance-scorecard']}`);
      expect(r.status, r.body.err_msg ?? '').toBe(200);
      expect(JSON.stringify(r.body.data)).toContain(MARKERS[1]);
    }
    for (const c of [w.clients.nusrat, w.clients.boss, w.exec])
      expect((await c.get(`performance-assessment/${w.records['performance-assessment']}`)).status).toBe(200);
    // a QA member on the scorecard-review list reviews scorecards: he reads no assessment (access.memberWhen)
    expect((await w.clients.quinn.get(`performance-assessment/${w.records['performance-assessment']}`)).status).toBe(
      403,
    );
    // her agreement in dispute, with its note, and her KPI scores: hers, her supervisor's and the PM committee's to read
    for (const c of [w.clients.nusrat, w.clients.boss, w.exec]) {
      const agreement = await c.get(`performance-agreement/${w.records['performance-agreement']}`);
      expect(agreement.body.data.agreement.disputedNote).toContain(MARKERS[6]);
      expect((await c.get(`kpi-assessment/${w.records['kpi-assessment']}`)).status).toBe(200);
    }
    expect((await w.clients.nusrat.get(`labour-matter/${w.records['labour-matter']}`)).status).toBe(200);
    expect((await w.clients.boss.get(`employee-training/${w.records['employee-training']}`)).status).toBe(200);
    expect((await w.clients.nusrat.get(`reviewed-employee/result?id=${w.records['reviewed-employee']}`)).status).toBe(
      200,
    );
  });

  it('lets whoever reads a scorecard read its comments and its KPIs’ comments, and lists them no one else', async () => {
    const comments = async (c: Client) =>
      [
        ...(await listIds(c, 'scorecard-comment')).map((id) => `scorecard ${id}`),
        ...(await listIds(c, 'kpi-comment')).map((id) => `KPI ${id}`),
      ].sort();
    const hers = [`scorecard ${w.records['scorecard-comment']}`, `KPI ${w.records['kpi-comment']}`];
    const shown = `scorecard ${w.shown[2][1]}`;
    const draft = `scorecard ${w.confidential.find(([, , what]) => what === 'a comment on the draft corporate scorecard')![1]}`;
    // the owner and her supervisor (who wrote them), and a scorecard-review QA member of the plan (who reads its
    // employee scorecards, not the company's): hers and the shown card's; the PM committee: the draft corporate card's too
    for (const c of [w.clients.nusrat, w.clients.boss, w.clients.quinn])
      expect(await comments(c)).toEqual([...hers, shown].sort());
    expect(await comments(w.exec)).toEqual([...hers, shown, draft].sort());
    expect((await w.clients.nusrat.get(`kpi-comment/${w.records['kpi-comment']}`)).body.data.comment.comment).toBe(
      MARKERS[5],
    );
    // everyone else: the shown card's only
    for (const [, c] of outsiders()) expect(await comments(c)).toEqual([shown]);
  });

  it('lets every employee read a corporate scorecard once it is shown, with its KPIs and comments, and none before', async () => {
    for (const [who, c] of outsiders())
      for (const [entity, id, what] of w.shown) {
        const r = await c.get(`${entity}/${id}`);
        expect(r.status, `${who} reads ${what}: ${r.body.err_msg}`).toBe(200);
        expect(await listIds(c, entity), `${who} lists ${what}`).toContain(id);
      }
    const card = await w.clients.otto.get(`performance-scorecard/${w.shown[0][1]}`);
    expect(JSON.stringify(card.body.data)).toContain(SHOWN[1]);
    // the draft is refused with the reason in plain words
    const draft = w.confidential.find(([, , what]) => what === 'the draft corporate scorecard')![1];
    const refused = await w.clients.otto.get(`performance-scorecard/${draft}`);
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/where it belongs to no employee and is shown to employees/);
    // the PM committee shows it: now everyone reads it, its area and KPI with it; hidden again, no one
    const hide = async (visible: boolean) => {
      const { version } = (await w.exec.get(`performance-scorecard/${draft}`)).body.data.scorecard;
      expect((await w.exec.post('performance-scorecard/set-visible', { id: draft, version, visible })).status).toBe(
        200,
      );
    };
    await hide(true);
    const shown = await w.clients.otto.get(`performance-scorecard/${draft}`);
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body.data)).toContain(MARKERS[8]);
    expect(await listIds(w.clients.sabbir, 'performance-kpi')).toContain(
      w.confidential.find(([, , what]) => what === "the draft corporate scorecard's KPI")![1],
    );
    await hide(false);
    expect((await w.clients.otto.get(`performance-scorecard/${draft}`)).status).toBe(403);
    expect(await listIds(w.clients.sabbir, 'performance-kpi')).not.toContain(
      w.confidential.find(([, , what]) => what === "the draft corporate scorecard's KPI")![1],
    );
  });

  it('lists records by the relationship roles: the employee a record names, and the members of the team it references', async () => {
    // field:employeeId: Nusrat's labour matter is in her list and nobody else's but the module admin's
    expect(await listIds(w.clients.nusrat, 'labour-matter')).toEqual([w.records['labour-matter']]);
    // member:contractTeamId: once Pia joins the contract's team, the contract is in her list; Otto's stays empty
    const contract = (await w.exec.get(`contract/${w.records.contract}`)).body.data.contract;
    expect(
      (await w.exec.post('contract-team-member/add', { contractTeamId: contract.contractTeamId, employeeId: w.id.pia }))
        .status,
    ).toBe(200);
    expect(await listIds(w.clients.pia, 'contract')).toEqual([w.records.contract]);
    expect((await w.clients.pia.get(`contract/${w.records.contract}`)).status).toBe(200);
    expect(await listIds(w.clients.otto, 'contract')).toEqual([]);
    expect(
      (
        await w.exec.post('contract-team-member/delete', {
          id: (
            await w.exec.get(`contract-team-member?contractTeamId=${contract.contractTeamId}&employeeId=${w.id.pia}`)
          ).body.data.list[0].id,
        })
      ).status,
    ).toBe(200);
    expect(await listIds(w.clients.pia, 'contract')).toEqual([]);
  });

  it('loads no confidential child with a record every employee may read (the parent is as confidential as its children)', () => {
    const faults: string[] = [];
    const walk = (
      parent: string,
      children: readonly { entity: string; via: string; children?: readonly unknown[] }[],
      path: string,
    ) => {
      for (const c of children) {
        // a child read by its parent's readers (parent:<via>) is as open as the parent it is loaded with; one read by
        // roles decided on the record (self, supervisor) comes with it only as far as those roles reach (loadChildren)
        const read = reg().entity(c.entity).access.read;
        const byRecord = read.some(
          (r) =>
            r === 'self' ||
            r === 'supervisor' ||
            r.startsWith('field:') ||
            r.startsWith('member:') ||
            r.startsWith('parent:'),
        );
        if (!read.includes('employee') && !read.includes(`parent:${c.via}`) && !byRecord)
          faults.push(`${path} → ${c.entity}`);
        walk(parent, (c.children ?? []) as typeof children, `${path} → ${c.entity}`);
      }
    };
    for (const e of reg().entities.values())
      if (e.scope === 'company' && e.access.read.includes('employee')) walk(e.name, e.children, e.name);
    expect(faults).toEqual([]);
  });

  it('carries none of her records in any GET command, report or export an outsider may call', async () => {
    const leaks: string[] = [];
    let answered = 0;
    const periods = (await w.exec.get(`monthly-progress-period?annualPlanId=${w.plan}&limit=1&sort=startDate`)).body
      .data.list as { id: number }[];
    const queries = [
      '',
      `annualPlanId=${w.plan}`,
      `annualPlanId=${w.plan}&quarter=0`,
      `annualPlanId=${w.plan}&quarterIndex=0`,
      `annualPlanId=${w.plan}&employeeId=${w.id.nusrat}`,
      `employeeId=${w.id.nusrat}`,
      `periodId=${periods[0].id}`,
      ...[...new Set(w.confidential.map(([, id]) => id))].map((id) => `id=${id}`),
    ];
    for (const e of reg().entities.values())
      for (const cmd of e.commands.filter((c) => c.method === 'GET')) {
        // a plain employee may call it (module admins and the holder may read everything)
        if (!cmd.access.some((r) => r !== 'employee:moduleAdmin' && r !== 'holder')) continue;
        for (const [who, c] of outsiders())
          for (const q of queries) {
            for (const path of [
              `${e.name}/${cmd.name}?${q}`,
              ...(cmd.report ? [`${e.name}/${cmd.name}/export?format=csv&${q}`] : []),
            ]) {
              const r = await c.get(path);
              const text = JSON.stringify(r.body);
              if (r.status === 200) answered++;
              if (r.status >= 500) leaks.push(`${who} GET ${path}: server error ${r.status}`);
              for (const m of MARKERS) if (text.includes(m)) leaks.push(`${who} GET ${path} carries "${m}"`);
            }
          }
      }
    expect(leaks).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  }, 300_000);
});
