import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const PDF = new TextEncoder().encode('%PDF-1.4\n% the projects manual\n');
const MARKDOWN = [
  '# Planning a training',
  '',
  'Open **Training plans** and choose *Add to planned*.',
  '',
  '<script>alert("stolen")</script>',
  '',
  '<img src="x" onerror="alert(1)">',
  '',
  '[harmless](https://example.com/help) and [sneaky](javascript:alert(1))',
].join('\n');

describe.each(backends())('user manuals on $name', (backend) => {
  let t: TestStratum;
  let reader: Client; // an employee of a company with personal development, not risk management
  let other: Client; // an employee of a company with neither
  let otherco: number;
  const id: Record<string, number> = {};
  const titles = async (c: Client) =>
    ((await c.get('user-manual?sort=title')).body.data.list as { title: string }[]).map((m) => m.title);
  const upload = (manualId: number, bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set('id', String(manualId));
    form.set('document', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return t.holder.raw('user-manual/upload-document', { method: 'POST', body: form });
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    reader = (await t.addCompany('Readco', { modules: ['personal-development'] })).executive;
    const o = await t.addCompany('Otherco');
    other = o.executive;
    otherco = o.id;
  });
  afterAll(() => t.close());

  it('lets the holder upload PDF and Markdown manuals, for a module or for everyone, and list them', async () => {
    const modules = (await t.holder.get('module?limit=100')).body.data.list as { id: number; code: string }[];
    const moduleId = (code: string) => modules.find((m) => m.code === code)!.id;
    const add = async (title: string, module?: string) => {
      const r = await t.holder.post('user-manual/add', { title, ...(module ? { moduleId: moduleId(module) } : {}) });
      ok(r);
      return r.body.data.item.id as number;
    };
    id.general = await add('Getting started');
    id.training = await add('Training plans', 'personal-development');
    id.risk = await add('Risk registers', 'risk-management');
    ok(await upload(id.general, PDF, 'start.pdf', 'application/pdf'));
    const md = await upload(id.training, new TextEncoder().encode(MARKDOWN), 'training.md', 'text/markdown');
    ok(md);
    expect(md.body.data.document.record).toMatchObject({
      documentName: 'training.md',
      documentType: 'text/markdown',
      format: 'Markdown',
    });
    expect(md.body.data.document.record.html).toContain('<h1>Planning a training</h1>');
    ok(await upload(id.risk, new TextEncoder().encode('# Risks'), 'risks.md', 'text/markdown'));
    // other kinds of file are refused, and so is a "PDF" that is not one
    expect(
      (await upload(id.general, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'x.png', 'image/png')).status,
    ).toBe(415);
    expect((await upload(id.general, new Uint8Array([1, 2, 3]), 'x.pdf', 'application/pdf')).status).toBe(415);
    const listed = (await t.holder.get('user-manual?sort=title')).body.data.list.map(
      (m: { title: string; format: string }) => [m.title, m.format],
    );
    expect(listed).toEqual([
      ['Getting started', 'PDF'],
      ['Risk registers', 'Markdown'],
      ['Training plans', 'Markdown'],
    ]);
    // the managing screens stay the holder's
    const platform = t.stratum.registry.modules.get('platform')!;
    expect(platform.role).toBe('holder');
    expect(platform.screens.find((s) => s.path === '/app/user-manuals/list')).toMatchObject({
      kind: 'list',
      entity: 'user-manual',
    });
  });

  it('shows employees only the manuals of the modules their company has enabled, and those for everyone', async () => {
    expect(await titles(reader)).toEqual(['Getting started', 'Training plans']);
    expect(await titles(other)).toEqual(['Getting started']);
    expect((await reader.get(`user-manual/${id.risk}`)).status).toBe(404);
    expect((await other.get(`user-manual/${id.training}`)).status).toBe(404);
    // enabling the module shows its manual
    const modules = (await t.holder.get('module?limit=100')).body.data.list as { id: number; code: string }[];
    ok(
      await t.holder.post(`company-module/set-enablement?companyId=${otherco}`, {
        moduleId: modules.find((m) => m.code === 'risk-management')!.id,
        enabled: 'Yes',
      }),
    );
    expect(await titles(other)).toEqual(['Getting started', 'Risk registers']);
  });

  it('gives a Markdown manual as sanitised HTML and a PDF one as its file', async () => {
    const manual = (await reader.get(`user-manual/${id.training}`)).body.data.item;
    expect(manual).toMatchObject({
      id: id.training,
      title: 'Training plans',
      format: 'Markdown',
      documentName: 'training.md',
    });
    expect(manual.html).toContain('<h1>Planning a training</h1>');
    expect(manual.html).toContain('<strong>Training plans</strong>');
    expect(manual.html).toContain('<a href="https://example.com/help">harmless</a>');
    expect(manual.html).not.toMatch(/<script|onerror|javascript:/i);
    const pdf = (await reader.get(`user-manual/${id.general}`)).body.data.item;
    expect(pdf).toMatchObject({ format: 'PDF', html: null });
    const file = await t.app.request(`/api/v1/platform-file/${pdf.document}`, { headers: { token: reader.token } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // the HTML is the server's to write, and follows the document: a PDF in place of the Markdown clears it
    expect(
      (
        await t.holder.post('user-manual/update', {
          id: id.training,
          version: manual.version,
          html: '<script>x</script>',
        })
      ).status,
    ).toBe(422);
    ok(await upload(id.training, PDF, 'training.pdf', 'application/pdf'));
    expect((await reader.get(`user-manual/${id.training}`)).body.data.item).toMatchObject({
      format: 'PDF',
      html: null,
    });
    // the file itself follows the manual: fetched by id, it opens only for those who may read the manual
    const trainingPdf = (await reader.get(`user-manual/${id.training}`)).body.data.item.document;
    const fetchAs = async (who: { token: string }) =>
      (await t.app.request(`/api/v1/platform-file/${trainingPdf}`, { headers: { token: who.token } })).status;
    expect(await fetchAs(reader)).toBe(200);
    expect(await fetchAs(other)).toBe(404);
    expect(await fetchAs(t.holder)).toBe(200);
    ok(await upload(id.training, new TextEncoder().encode(MARKDOWN), 'training.md', 'text/markdown'));
    const renamed = await t.holder.post('user-manual/update', {
      id: id.training,
      version: manual.version + 2,
      title: 'Training plans (2026)',
    });
    ok(renamed);
    expect(renamed.body.data.item.html).toContain('<h1>Planning a training</h1>');
    // a Markdown file that is not UTF-8 text is refused, the manual unchanged
    expect(
      (await upload(id.training, new Uint8Array([0xff, 0xfe, 0x00, 0xd8]), 'bad.md', 'text/markdown')).status,
    ).toBe(415);
    expect((await reader.get(`user-manual/${id.training}`)).body.data.item.documentName).toBe('training.md');
  });

  it('lets only the holder change manuals', async () => {
    expect((await reader.post('user-manual/add', { title: 'Mine' })).status).toBe(403);
    expect((await reader.post('user-manual/update', { id: id.training, version: 5, title: 'Mine' })).status).toBe(403);
    expect((await reader.post('user-manual/delete', { id: id.training })).status).toBe(403);
    const form = new FormData();
    form.set('id', String(id.training));
    form.set('document', new File([PDF], 'x.pdf', { type: 'application/pdf' }));
    expect((await reader.raw('user-manual/upload-document', { method: 'POST', body: form })).status).toBe(403);
    // the read failure's title is an accurate one (defect D10), not "Add Manual Failed"
    const en = t.stratum.registry.messages.en;
    const errors = t.stratum.registry.entity('user-manual').errors;
    expect([en[errors.list], en[errors.read]]).toEqual(['Get Manuals Failed', 'Get Manuals Failed']);
    expect(en[errors.add]).toBe('Add Manual Failed');
  });
  it('adds a manual with its file in one call (attach), which the reader then shows; a refused field stores nothing', async () => {
    const modules = (await t.holder.get('module?limit=100')).body.data.list as { id: number; code: string }[];
    const form = (fields: Record<string, string>, bytes: Uint8Array, name: string, type: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      f.set('document', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
      return f;
    };
    const development = String(modules.find((m) => m.code === 'personal-development')!.id);
    const r = await t.holder.raw('user-manual/attach', {
      method: 'POST',
      body: form(
        { title: 'Development areas', moduleId: development },
        new TextEncoder().encode('# Areas\n\nChoose **two**.'),
        'areas.md',
        'text/markdown',
      ),
    });
    ok(r);
    const added = r.body.data.document.record;
    expect(added).toMatchObject({ title: 'Development areas', documentName: 'areas.md', format: 'Markdown' });
    expect((await reader.get(`user-manual/${added.id}`)).body.data.item.html).toContain('<strong>two</strong>');
    // the trail names the one step
    expect(
      (await t.holder.get(`user-manual/${added.id}/history`)).body.data.history.entries.map(
        (e: { action: string }) => e.action,
      ),
    ).toEqual(['attach']);
    const before = (await t.holder.get('user-manual?limit=100')).body.data.total;
    const refused = await t.holder.raw('user-manual/attach', {
      method: 'POST',
      body: form({ title: '   ' }, PDF, 'x.pdf', 'application/pdf'),
    });
    expect(refused.status).toBe(422);
    expect((await t.holder.get('user-manual?limit=100')).body.data.total).toBe(before);
    expect(
      (
        await reader.raw('user-manual/attach', {
          method: 'POST',
          body: form({ title: 'Mine' }, PDF, 'x.pdf', 'application/pdf'),
        })
      ).status,
    ).toBe(403);
  });
});
