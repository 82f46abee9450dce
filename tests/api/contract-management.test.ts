import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MAX_BYTES = 10 * 1024 * 1024;

/** The multipart body of an upload: the contract's id and, when given, the file in "document". */
function upload(id: number, file?: { bytes: Uint8Array<ArrayBuffer>; type: string; name?: string }): FormData {
  const f = new FormData();
  f.set('id', String(id));
  if (file) f.set('document', new File([file.bytes], file.name ?? 'signed.pdf', { type: file.type }));
  return f;
}

describe.each(backends())('contract management on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: admin access to the module
  let emma: Client; // a member of the contract team, without admin access
  let oz: Client; // neither
  let other: Client; // the executive of another company
  const id: Record<string, number> = {};
  const sign = (who: Client, contractId: number, file?: Parameters<typeof upload>[1]) =>
    who.raw('contract/upload-signed', { method: 'POST', body: upload(contractId, file) });
  const contract = async (contractId: number) => (await exec.get(`contract/${contractId}`)).body.data.contract;
  const trail = async (entity: string, recordId: number) =>
    (await exec.get(`audit-trail?entity=${entity}&recordId=${recordId}&sort=id`)).body.data.list as Record<
      string,
      any
    >[];

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Contractco', { modules: ['contract-management'] })).executive;
    emma = await t.addEmployee(exec, 'Emma', 'Member', 'emma@contractco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@contractco.example');
    other = (await t.addCompany('Otherco', { modules: ['contract-management'] })).executive;
    id.emma = (await exec.get('employee?email=emma@contractco.example')).body.data.list[0].id;
  });
  afterAll(() => t.close());

  it('titles the contract calls as the spec writes them, with the upload named for what it does', () => {
    const en = t.stratum.registry.messages.en;
    const title = (entity: string, call: string) => en[t.stratum.registry.entity(entity).errors[call]];
    expect(title('third-party', 'add')).toBe('Add Third Party Failed');
    expect(title('labour-matter', 'delete')).toBe('Delete Labour Matter Failed');
    expect(title('contract', 'update')).toBe('Update Contract Failed');
    // the spec's defect D11: the upload showed "Update Contract Failed"
    expect(title('contract', 'upload-signed')).toBe('Upload Signed Contract Failed');
    expect(title('contract', 'set-status')).toBe('Set Signed Contract Status Failed');
    expect(title('governance-policy', 'list')).toBe('Get Governance Policies Failed');
    const screenTitle = (path: string) =>
      en[
        t.stratum.registry.modules.get('contract-management')!.screens.find((s) => s.path === path)!.errors!.list ?? ''
      ];
    expect(screenTitle('/app/contract-management/monitored-contracts')).toBe('Get Monitor Contracts Failed');
    expect(screenTitle('/app/contract-management/ended-contracts')).toBe('Get Ended Contracts Failed');
  });

  it('keeps third parties, their contracted services and contract teams with members; only module admins set them up', async () => {
    const party = await exec.post('third-party/add', {
      name: 'Acme Cleaning',
      contactPerson: 'Ann Acme',
      email: 'ann@acme.example',
    });
    ok(party);
    id.party = party.body.data.thirdParty.id;
    const service = await exec.post('contracted-service/add', { name: 'Office cleaning', thirdPartyId: id.party });
    ok(service);
    id.service = service.body.data.contractedService.id;
    const team = await exec.post('contract-team/add', { name: 'Facilities' });
    ok(team);
    id.team = team.body.data.contractTeam.id;
    ok(
      await exec.post('contract-team-member/add', {
        contractTeamId: id.team,
        employeeId: id.emma,
        role: 'Contract manager',
      }),
    );
    const read = (await exec.get(`contract-team/${id.team}`)).body.data.contractTeam;
    expect(read.memberList.map((m: { employeeId: number }) => m.employeeId)).toEqual([id.emma]);
    expect(
      (await exec.get(`contracted-service?thirdPartyId=${id.party}`)).body.data.list.map(
        (s: { name: string }) => s.name,
      ),
    ).toEqual(['Office cleaning']);
    expect((await oz.post('third-party/add', { name: 'Mine' })).status).toBe(403);
    expect((await oz.post('contract-team/add', { name: 'Mine' })).status).toBe(403);
    // a third party's name is unique in the company
    expect((await exec.post('third-party/add', { name: 'Acme Cleaning' })).status).toBe(409);
  });

  it('adds a contract as a Draft, never ending before it starts and without a status', async () => {
    const base = {
      title: 'Cleaning 2027',
      thirdPartyId: id.party,
      contractedServiceId: id.service,
      contractTeamId: id.team,
      commencementDate: '2026-12-01',
    };
    const backwards = await exec.post('contract/add', { ...base, startDate: '2027-01-01', endDate: '2026-12-31' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([expect.objectContaining({ field: 'endDate' })]);
    const withStatus = await exec.post('contract/add', {
      ...base,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      statusSet: 'Active',
    });
    expect(withStatus.status).toBe(422);
    expect(withStatus.body.errors).toEqual([expect.objectContaining({ field: 'statusSet' })]);
    // type is the workflow's state: only the upload signs
    const preSigned = await exec.post('contract/add', {
      ...base,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      type: 'Signed',
    });
    expect(preSigned.status).toBe(422);
    expect(preSigned.body.errors).toEqual([{ field: 'type', message: 'Status is read-only' }]);
    expect((await exec.get('contract')).body.data.total).toBe(0);
    const added = await exec.post('contract/add', { ...base, startDate: '2027-01-01', endDate: '2027-12-31' });
    ok(added);
    const c = added.body.data.contract;
    expect(c).toMatchObject({
      type: 'Draft',
      statusSet: null,
      status: null,
      phase: 'Draft',
      uploadDate: null,
      signedDocument: null,
    });
    id.contract = c.id;
    // a member of the contract's team may work on it; an outsider may not
    const edited = await emma.post('contract/update', { id: c.id, version: c.version, value: 12000 });
    ok(edited);
    expect((await oz.post('contract/update', { id: c.id, version: c.version + 1, value: 1 })).status).toBe(403);
    const late = await emma.post('contract/update', { id: c.id, version: c.version + 1, endDate: '2026-06-30' });
    expect(late.status).toBe(422);
    expect(late.body.errors?.[0].field).toBe('endDate');
  });

  it('refuses signing without a file, with a file over the limit or of the wrong type, and leaves the contract a Draft', async () => {
    const before = await contract(id.contract);
    const noFile = await sign(emma, id.contract);
    expect(noFile.status).toBe(400);
    expect(noFile.body.err_msg).toMatch(/"document"/);
    const big = new Uint8Array(MAX_BYTES + 1);
    big.set(PDF);
    const tooBig = await sign(emma, id.contract, { bytes: big, type: 'application/pdf' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.err_msg).toMatch(/at most 10485760 bytes/);
    const wrongType = await sign(emma, id.contract, {
      bytes: new TextEncoder().encode('signed, honest'),
      type: 'text/plain',
      name: 'signed.txt',
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.err_msg).toMatch(/application\/pdf, image\/png, image\/jpeg/);
    const fake = await sign(emma, id.contract, {
      bytes: new TextEncoder().encode('MZ not a pdf'),
      type: 'application/pdf',
    });
    expect(fake.status).toBe(415);
    expect((await sign(oz, id.contract, { bytes: PDF, type: 'application/pdf' })).status).toBe(403);
    const after = await contract(id.contract);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ type: 'Draft', signedDocument: null, uploadDate: null });
    expect((await trail('contract', id.contract)).map((e) => e.action)).toEqual(['add', 'update']);
  });

  it('signs a draft by the upload of its signed document, stored with its checksum, and audits it', async () => {
    const r = await sign(emma, id.contract, { bytes: PDF, type: 'application/pdf' });
    ok(r);
    const stored = r.body.data.signedContract;
    expect(stored).toMatchObject({
      name: 'signed.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    expect(stored.record).toMatchObject({
      type: 'Signed',
      statusSet: 'Active',
      status: 'Active',
      uploadDate: today(),
      signedDocument: stored.id,
      phase: 'Monitored',
    });
    const file = await t.app.request(`/api/v1/file/${stored.id}`, { headers: { token: exec.token } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const entry = (await trail('contract', id.contract)).at(-1)!;
    expect(entry.action).toBe('upload-signed');
    expect(entry.before).toMatchObject({ type: 'Draft' });
    expect(entry.after).toMatchObject({ type: 'Signed', statusSet: 'Active' });
    // the signed document is the record of signature: it is never replaced
    const again = await sign(exec, id.contract, { bytes: PDF, type: 'application/pdf' });
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe(
      "“Upload and sign” is possible only when the contract is not signed yet (a signed contract's document is never replaced)",
    );
    expect((await contract(id.contract)).signedDocument).toBe(stored.id);
    expect((await exec.get('contract?type=Signed')).body.data.list.map((c: { id: number }) => c.id)).toEqual([
      id.contract,
    ]);
  });

  it('sets the status of a signed contract only, and lists contracts as monitored or ended', async () => {
    const base = { thirdPartyId: id.party, contractTeamId: id.team };
    const draft = (
      await exec.post('contract/add', {
        ...base,
        title: 'Security (draft)',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      })
    ).body.data.contract;
    const refused = await exec.post('contract/set-status', {
      id: draft.id,
      version: draft.version,
      statusSet: 'Suspended',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0].field).toBe('statusSet');
    const old = (
      await exec.post('contract/add', {
        ...base,
        title: 'Catering 2020',
        startDate: '2020-01-01',
        endDate: '2020-12-31',
      })
    ).body.data.contract;
    ok(await sign(exec, old.id, { bytes: PDF, type: 'application/pdf' }));
    const running = (
      await exec.post('contract/add', { ...base, title: 'Gardening', startDate: '2026-01-01', endDate: '2030-12-31' })
    ).body.data.contract;
    const signed = (await sign(exec, running.id, { bytes: PDF, type: 'application/pdf' })).body.data.signedContract
      .record;
    const ids = async (query: string) =>
      (await exec.get(`contract?${query}`)).body.data.list.map((c: { title: string }) => c.title).sort();
    expect(await ids('phase=Monitored')).toEqual(['Cleaning 2027', 'Gardening']);
    expect(await ids('phase=Ended')).toEqual(['Catering 2020']);
    expect(await ids('phase=Draft')).toEqual(['Security (draft)']);
    expect((await exec.get(`contract/${old.id}`)).body.data.contract.phase).toBe('Ended');
    // a member of the team ends it early: it moves to the ended list
    const ended = await emma.post('contract/set-status', {
      id: running.id,
      version: signed.version,
      statusSet: 'Terminated',
    });
    ok(ended);
    expect(ended.body.data.contract).toMatchObject({
      statusSet: 'Terminated',
      status: 'Terminated',
      phase: 'Ended',
      type: 'Signed',
    });
    // its page's stepper follows the phase: each move with the write that made it (the signing, the termination)
    const moves = (await exec.get(`contract/${running.id}/transitions`)).body.data.transitions;
    expect(moves.map((m: { state: string; from: string | null }) => [m.from, m.state])).toEqual([
      [null, 'Draft'],
      ['Draft', 'Monitored'],
      ['Monitored', 'Ended'],
    ]);
    expect(moves[2]).toMatchObject({ action: 'set-status', doneByName: expect.stringContaining('Emma') });
    expect(await ids('phase=Monitored')).toEqual(['Cleaning 2027']);
    expect(await ids('phase=Ended')).toEqual(['Catering 2020', 'Gardening']);
    expect(await ids('phase[in]=Monitored,Ended')).toEqual(['Catering 2020', 'Cleaning 2027', 'Gardening']);
    expect((await exec.get('contract?phase=Gone')).status).toBe(400);
    // the phase pages and combines with other filters like a stored field
    const page = (await exec.get(`contract?phase=Ended&limit=1&sort=title&thirdPartyId=${id.party}`)).body.data;
    expect(page).toMatchObject({ total: 2, limit: 1 });
    expect(page.list.map((c: { title: string }) => c.title)).toEqual(['Catering 2020']);
    expect(
      (
        await oz.post('contract/set-status', {
          id: running.id,
          version: ended.body.data.contract.version,
          statusSet: 'Active',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await exec.post('contract/set-status', {
          id: running.id,
          version: ended.body.data.contract.version,
          statusSet: 'Active',
          title: 'Renamed',
        })
      ).status,
    ).toBe(422);
  });

  it('reads a contract whose end date has passed as Expired, not Active, in its record, its lists and their filters, whatever status was stored', async () => {
    const byTitle = async (title: string) =>
      (await exec.get(`contract?q=${encodeURIComponent(title)}`)).body.data.list[0] as Record<string, any>;
    const titles = async (query: string) =>
      (await exec.get(`contract?${query}`)).body.data.list.map((c: { title: string }) => c.title).sort();
    // signed after its end date: its team's status is the signing's Active, but the contract has expired
    const catering = await byTitle('Catering 2020');
    expect(catering).toMatchObject({ statusSet: 'Active', status: 'Expired', phase: 'Ended' });
    expect((await exec.get(`contract/${catering.id}`)).body.data.contract).toMatchObject({
      status: 'Expired',
      phase: 'Ended',
    });
    // what counts the active contracts does not count it
    expect(await titles('status=Active')).toEqual(['Cleaning 2027']);
    expect(await titles('status[in]=Active,Suspended')).toEqual(['Cleaning 2027']);
    expect(await titles('status=Expired')).toEqual(['Catering 2020']);
    expect(await titles('status=Terminated')).toEqual(['Gardening']);
    expect((await exec.get('contract?status=Ended')).status).toBe(400);
    expect((await exec.get('contract?status=Active&limit=1')).body.data.total).toBe(1);

    // a suspended contract stored while it ran; then its end date passes, with no write on that day
    const pest = (
      await exec.post('contract/add', {
        title: 'Pest control',
        thirdPartyId: id.party,
        contractTeamId: id.team,
        startDate: '2026-01-01',
        endDate: '2030-12-31',
      })
    ).body.data.contract;
    const signedPest = (await sign(exec, pest.id, { bytes: PDF, type: 'application/pdf' })).body.data.signedContract
      .record;
    ok(await exec.post('contract/set-status', { id: pest.id, version: signedPest.version, statusSet: 'Suspended' }));
    expect(await titles('status=Suspended')).toEqual(['Pest control']);
    const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await t.stratum.db.query(`UPDATE contract SET end_date = $1 WHERE id = $2`, [yesterday, pest.id]);
    expect(await contract(pest.id)).toMatchObject({ statusSet: 'Suspended', status: 'Expired', phase: 'Ended' });
    expect(await titles('status=Suspended')).toEqual([]);
    expect(await titles('status=Expired')).toEqual(['Catering 2020', 'Pest control']);
    expect(await titles('phase=Ended')).toEqual(['Catering 2020', 'Gardening', 'Pest control']);

    // renewed: its end date moved on, the expired contract is Active again, as its team set it
    const renewed = await exec.post('contract/update', {
      id: catering.id,
      version: catering.version,
      endDate: '2099-12-31',
    });
    ok(renewed);
    expect(renewed.body.data.contract).toMatchObject({ statusSet: 'Active', status: 'Active', phase: 'Monitored' });
    expect(await titles('status=Active')).toEqual(['Catering 2020', 'Cleaning 2027']);
  });

  it("replays a contract's phase from audit entries written before its set status had a field of its own", async () => {
    const gardening = (await exec.get('contract?q=Gardening')).body.data.list[0];
    // such an entry held the set status as "status"
    await t.stratum.db.query(
      `UPDATE audit_trail
          SET before = CASE WHEN before ? 'statusSet'
                            THEN (before - 'statusSet' - 'status') || jsonb_build_object('status', before->'statusSet')
                            ELSE before END,
              after = (after - 'statusSet' - 'status') || jsonb_build_object('status', after->'statusSet')
        WHERE entity = 'contract' AND record_id = $1`,
      [gardening.id],
    );
    const moves = (await exec.get(`contract/${gardening.id}/transitions`)).body.data.transitions;
    expect(moves.map((m: { state: string; from: string | null }) => [m.from, m.state])).toEqual([
      [null, 'Draft'],
      ['Draft', 'Monitored'],
      ['Monitored', 'Ended'],
    ]);
  });

  it('keeps governance policies with their review dates: Active or Not Active, and past review when the next review is not in the future', async () => {
    const due = await exec.post('governance-policy/add', {
      name: 'Code of conduct',
      status: 'Active',
      approvalDate: '2024-01-10',
      lastReviewDate: '2025-01-10',
      nextReviewDate: today(),
    });
    ok(due);
    expect(due.body.data.governancePolicy).toMatchObject({ status: 'Active', pastReviewDate: 'Yes' });
    const fresh = await exec.post('governance-policy/add', {
      name: 'Travel policy',
      status: 'Not Active',
      approvalDate: '2026-01-10',
      nextReviewDate: '2099-01-01',
    });
    ok(fresh);
    expect(fresh.body.data.governancePolicy).toMatchObject({ status: 'Not Active', pastReviewDate: 'No' });
    const backwards = await exec.post('governance-policy/add', {
      name: 'Data policy',
      status: 'Active',
      approvalDate: '2026-01-10',
      lastReviewDate: '2025-01-10',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors?.[0].field).toBe('lastReviewDate');
    expect((await exec.post('governance-policy/add', { name: 'Odd', status: 'Maybe' })).status).toBe(422);
    expect(
      (await exec.get('governance-policy?status=Not%20Active')).body.data.list.map((p: { name: string }) => p.name),
    ).toEqual(['Travel policy']);
    expect(
      (await exec.get('governance-policy?pastReviewDate=Yes')).body.data.list.map((p: { name: string }) => p.name),
    ).toEqual(['Code of conduct']);
    expect(
      (await exec.get('governance-policy?pastReviewDate=No')).body.data.list.map((p: { name: string }) => p.name),
    ).toEqual(['Travel policy']);
    expect((await oz.post('governance-policy/add', { name: 'Mine', status: 'Active' })).status).toBe(403);
  });

  it('keeps labour matters with their progress entries, read with the matter and deleted with it', async () => {
    const matter = await exec.post('labour-matter/add', {
      title: 'Overtime dispute',
      matterDate: '2026-10-01',
      employeeId: id.emma,
    });
    ok(matter);
    const m = matter.body.data.labourMatter;
    ok(
      await exec.post('labour-matter-progress/add', {
        labourMatterId: m.id,
        entryDate: '2026-10-05',
        description: 'Hearing scheduled',
      }),
    );
    ok(
      await exec.post('labour-matter-progress/add', {
        labourMatterId: m.id,
        entryDate: '2026-10-20',
        description: 'Settled',
      }),
    );
    const read = (await exec.get(`labour-matter/${m.id}`)).body.data.labourMatter;
    expect(read.progressList.map((p: { description: string }) => p.description)).toEqual([
      'Hearing scheduled',
      'Settled',
    ]);
    expect((await oz.post('labour-matter/delete', { id: m.id })).status).toBe(403);
    ok(await exec.post('labour-matter/delete', { id: m.id }));
    expect((await exec.get(`labour-matter-progress?labourMatterId=${m.id}`)).body.data.total).toBe(0);
    expect((await trail('labour-matter', m.id)).map((e) => e.action)).toEqual(['add', 'delete']);
  });

  it('shows another company nothing of these records, their lists or the signed document', async () => {
    for (const path of ['contract', 'third-party', 'contract-team', 'governance-policy', 'labour-matter'])
      expect((await other.get(path)).body.data.total, path).toBe(0);
    expect((await other.get('contract?phase=Ended')).body.data.total).toBe(0);
    expect((await other.get('contract?phase=Monitored')).body.data.total).toBe(0);
    expect((await other.get(`contract/${id.contract}`)).status).toBe(404);
    expect((await sign(other, id.contract, { bytes: PDF, type: 'application/pdf' })).status).toBe(404);
    const signed = await contract(id.contract);
    expect(
      (await t.app.request(`/api/v1/file/${signed.signedDocument}`, { headers: { token: other.token } })).status,
    ).toBe(404);
    // inside the company, the file is as confidential as its contract: a colleague outside the contract team does not
    // fetch it by its (sequential) id, a member of the team does
    expect((await oz.get(`contract/${id.contract}`)).status).toBe(403);
    expect(
      (await t.app.request(`/api/v1/file/${signed.signedDocument}`, { headers: { token: oz.token } })).status,
    ).toBe(404);
    expect(
      (await t.app.request(`/api/v1/file/${signed.signedDocument}`, { headers: { token: emma.token } })).status,
    ).toBe(200);
    expect(
      (
        await other.post('contract/add', {
          title: 'Theirs',
          thirdPartyId: id.party,
          startDate: '2027-01-01',
          endDate: '2027-12-31',
        })
      ).status,
    ).toBe(422);
  });
});
