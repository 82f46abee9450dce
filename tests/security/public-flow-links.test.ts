import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../engine/metadata/registry.ts';
import { backends } from '../support/backends.ts';
import { answerAll, sentRecipient } from '../support/public-flow-respondent.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

/**
 * The links of every public flow (audit questionnaire, survey reviews), generated from the Registry so that a new flow
 * is covered without new test code: a link opens its one recipient and nothing else (not the API, not another flow,
 * not another company's), expires, is replaced by a newer link, and is used up by the submission; the token is in the
 * mail's fragment only, never in a reply.
 */
describe.each(backends())('public-flow links on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let flows: EntityDef[];
  const pub = (flow: string, call: 'auth' | 'answer' | 'submit', body: unknown) =>
    t.anonymous.post(`public/${flow}/${call}`, body);

  const sent = async (entity: EntityDef) => {
    const r = await sentRecipient(t, exec, entity);
    return { id: r.id, token: r.token, replies: r.shareReply };
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    flows = [...t.stratum.registry.entities.values()].filter((e) => e.publicFlow);
    // every module, so that the flows' parents (an annual plan for an organisational survey) can be made
    const modules = [...t.stratum.registry.modules.values()]
      .filter((m) => !m.core && m.role === 'employee')
      .map((m) => m.id);
    exec = (await t.addCompany('Linkco', { modules })).executive;
  });
  afterAll(() => t.close());

  it('has public flows to check', () => {
    expect(flows.length).toBeGreaterThan(0);
  });

  it('opens only its own recipient: never the API, another flow, or with a forged or missing token', async () => {
    for (const entity of flows) {
      const flow = entity.publicFlow!.name;
      const { id, token, replies } = await sent(entity);
      expect(replies, `${flow}: the share reply carries no token`).not.toContain(token);
      const opened = await pub(flow, 'auth', { token });
      expect(opened.status, `${flow}: ${opened.body.err_msg}`).toBe(200);
      expect(opened.body.data.info.recipientId).toBe(id);
      expect(JSON.stringify(opened.body), `${flow}: the auth reply carries no token`).not.toContain(token);
      const asSession = await t.app.request(`/api/v1/${entity.name}/${id}`, { headers: { token } });
      expect(asSession.status, `${flow}: a link is no session`).toBe(401);
      for (const other of flows.filter((e) => e !== entity))
        expect(
          (await pub(other.publicFlow!.name, 'auth', { token })).status,
          `${flow} link at ${other.publicFlow!.name}`,
        ).toBe(401);
      expect(
        (await pub(flow, 'auth', { token: token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA') })).status,
      ).toBe(401);
      expect((await pub(flow, 'auth', {})).status).toBe(422);
    }
  });

  it('answers every question, submits once, and is used up', async () => {
    for (const entity of flows) {
      const flow = entity.publicFlow!.name;
      const { token } = await sent(entity);
      const questions = await answerAll(t, entity, token);
      const submitted = await pub(flow, 'submit', { token });
      expect(submitted.status, `${flow}: ${submitted.body.err_msg}`).toBe(200);
      for (const call of ['auth', 'answer', 'submit'] as const) {
        const again = await pub(flow, call, { token, questionId: questions[0]?.id ?? 1, answer: 'late' });
        expect([again.status, again.body.code], `${flow} ${call} after submitting`).toEqual([409, 'already_submitted']);
      }
    }
  });

  it('expires, and is replaced by a newer link', async () => {
    for (const entity of flows) {
      const flow = entity.publicFlow!.name;
      const first = await sent(entity);
      const share = entity.commands.find((c) => c.kind === 'share')!;
      expect((await exec.post(`${entity.name}/${share.name}`, { id: first.id })).status).toBe(200);
      expect((await pub(flow, 'auth', { token: first.token })).status, `${flow}: a replaced link`).toBe(401);
      const other = await sent(entity);
      await t.stratum.db.query(
        `UPDATE public_pass SET expires_at = now() - interval '1 second' WHERE entity = $1 AND record_id = $2`,
        [entity.name, other.id],
      );
      const expired = await pub(flow, 'auth', { token: other.token });
      expect([expired.status, expired.body.code], `${flow}: an expired link`).toEqual([410, 'link_expired']);
    }
  });

  it('keeps the token out of the database: only its hash is stored', async () => {
    for (const entity of flows) {
      const { token } = await sent(entity);
      const rows = await t.stratum.db.query<{ token_hash: string }>(
        `SELECT token_hash FROM public_pass WHERE entity = $1`,
        [entity.name],
      );
      expect(rows.map((r) => r.token_hash)).not.toContain(token);
      const { hashSecret } = await import('../../engine/auth/secret-token.ts');
      expect(rows.map((r) => r.token_hash)).toContain(hashSecret(token));
    }
  });
});
