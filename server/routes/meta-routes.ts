import type { Hono } from 'hono';
import { lifecycleOf } from '../../engine/metadata/lifecycle.ts';
import { moduleEnabled } from '../../engine/access/access-policy.ts';
import { callerModules, mayTry } from '../../engine/access/caller-screens.ts';
import type { Actor } from '../../engine/access/actor.ts';
import { AppError } from '../../engine/app-error.ts';
import { text } from '../../engine/i18n/text.ts';
import { readFile } from '../../engine/files/file-store.ts';
import { LANGUAGES, type Language, type Role } from '../../engine/metadata/registry.ts';
import { workflowFor } from '../../engine/access/workflow-for-caller.ts';
import { titleFieldOf } from '../../engine/metadata/title-field.ts';
import { openApiDocument } from '../../engine/openapi/openapi-document.ts';
import { runCall } from '../call-runner.ts';
import { success } from '../envelope.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';
import type { EntityReply, MetaReply } from '../../contract/meta-reply.ts';

/** The metadata the caller may see (for the renderer), texts, OpenAPI, health and stored files. */
export function mountMetaRoutes(app: Hono<AppEnv>, s: Stratum): void {
  // built and serialised once, when first asked for: 3 MB of JSON is not stringified again for every caller, and a
  // start (a sixth of whose time it took) does not wait for a document few callers read
  let openapi: string | undefined;
  app.get('/healthz', async (c) => {
    await s.db.query('SELECT 1');
    return c.json({ status: 'ok', metadata: s.registry.hash });
  });
  app.get('/api/v1/openapi.json', (c) =>
    c.body((openapi ??= JSON.stringify(openApiDocument(s.registry, s.config.publicUrl))), 200, {
      'content-type': 'application/json',
    }),
  );
  app.get('/api/v1/i18n/:lang', (c) => {
    const lang = c.req.param('lang') as Language;
    if (!LANGUAGES.includes(lang))
      throw new AppError('not_found', `No texts for "${lang}"; there are ${LANGUAGES.join(', ')}`);
    return success(c, { messages: s.registry.messages[lang] });
  });
  // The reply depends on the frozen registry and the caller's access alone (role, enabled and administered modules):
  // it is built and serialised once per such profile and then sent as stored text.
  const metaReplies = new Map<string, string>();
  app.get('/api/v1/meta', async (c) => {
    const reply = await runCall(
      s,
      c,
      async ({ actor }) => {
        const profile = `${actor.role}|${[...actor.enabledModules].sort().join(',')}|${[...actor.adminModules].sort().join(',')}`;
        let text = metaReplies.get(profile);
        if (text === undefined) {
          text = JSON.stringify({ res: 'success', data: metaFor(actor), err_msg: null });
          if (metaReplies.size < 1_000) metaReplies.set(profile, text);
        }
        return text;
      },
      { readOnly: true },
    );
    return c.body(reply, 200, { 'content-type': 'application/json' });
  });
  // typed as the renderer reads it (contract/meta-reply.ts): a change on either side fails `npm run typecheck`
  function metaFor(actor: Actor): MetaReply {
    const modules = callerModules(s.registry, actor);
    // an entity the caller reads only where the record lets them (their own, their reports', their team's) is there
    // too: its screens list just those records, and each record says what the caller may do with it (`_allowed`)
    const entities = [...s.registry.entities.values()]
      .filter(
        (e) =>
          mayTry(e.access.read, actor, e) &&
          (actor.role === 'holder' || moduleEnabled(s.registry.modules.get(e.module)!, actor)),
      )
      .map((e): EntityReply => {
        const may = (roles: readonly Role[]) => mayTry(roles, actor, e);
        return {
          name: e.name,
          module: e.module,
          scope: e.scope,
          label: e.label,
          schema: e.schema,
          list: e.list,
          form: e.form,
          errors: e.errors,
          children: e.children,
          ...(e.requiredWhen.length && { requiredWhen: e.requiredWhen }),
          dataKeys: e.dataKeys,
          titleField: titleFieldOf(e),
          fileStore: e.scope === 'platform' && !e.tenantKey ? 'platform-file' : 'file',
          // the transitions the caller may try: those decided by the record (team, approver) the server decides again
          workflow: workflowFor(e, may),
          owner: e.owner,
          ...(lifecycleOf(e) && { lifecycle: lifecycleOf(e) }),
          commands: e.commands
            .filter((x) => may(x.access))
            .map((x) => ({
              name: x.name,
              kind: x.kind,
              method: x.method,
              fields: x.fields,
              dataKey: x.dataKey,
              error: x.error,
              ...(x.kind === 'upload' || x.kind === 'attach' ? { maxBytes: x.maxBytes, mimeTypes: x.mimeTypes } : {}),
              ...(x.confirm && { confirm: x.confirm }),
              ...(x.removedBy && { removedBy: x.removedBy }),
              ...(x.report && { report: x.report }),
            })),
          can: { add: may(e.access.add), update: may(e.access.update), delete: may(e.access.delete) },
          // a recipient of a public flow: which fields say that its link went out and that it was answered
          ...(e.publicFlow && { sharing: { sent: e.publicFlow.sent, submitted: e.publicFlow.submitted } }),
        };
      });
    const routes = [...s.registry.modules.values()].flatMap((m) =>
      m.screens.map((x) => ({
        path: x.path,
        role: m.role,
        module: m.id,
        ...(m.role === 'public' && { component: x.component }),
      })),
    );
    return { modules, entities, routes };
  }
  for (const [path, platform] of [
    ['file', false],
    ['platform-file', true],
  ] as const)
    app.get(`/api/v1/${path}/:id{[0-9]+}`, async (c) => {
      const file = await runCall(s, c, (ctx) => readFile(ctx, Number(c.req.param('id')), platform));
      if (!file) throw AppError.worded('not_found', text('refusal.file.notFound', { id: c.req.param('id') }));
      return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
        'content-type': file.mimeType,
        'content-disposition': `inline; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`,
        'x-content-type-options': 'nosniff',
      });
    });
}
