import type { Hono } from 'hono';
import { attachAllowed, mayAdd } from '../../engine/access/record-permissions.ts';
import { attachChildAdd } from '../../engine/access/child-permissions.ts';
import type { Row } from '../../engine/db/db.ts';
import { attachReferenceTitles } from '../../engine/records/reference-titles.ts';
import { joinedTitles } from '../../engine/records/joined-titles.ts';
import type { CallContext } from '../../engine/records/call-context.ts';
import type { ChildDef, EntityDef } from '../../engine/metadata/registry.ts';
import { runCommand, runTransition } from '../../engine/records/command-runner.ts';
import { addRecord, deleteRecord, listRecords, readRecord, updateRecord } from '../../engine/records/record-store.ts';
import { runCall } from '../call-runner.ts';
import { recordHistory } from '../../engine/audit/record-history.ts';
import { recordTransitions } from '../../engine/audit/record-transitions.ts';
import { lifecycleOf } from '../../engine/metadata/lifecycle.ts';
import { success } from '../envelope.ts';
import { jsonBody, multipartBody, queryLists, singleQuery } from '../request-body.ts';
import { mountReportExport } from './report-export-routes.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';

/** A list and a read by id write nothing: one round trip fewer (engine/db/db.ts, TransactionOptions). */
const READ = { readOnly: true } as const;

/** The generic API of one entity: list, read, add, update, delete, its commands and its workflow transitions. */
export function mountEntityRoutes(app: Hono<AppEnv>, s: Stratum, entity: EntityDef): void {
  const base = `/api/v1/${entity.name}`;
  const { list: listKey, item: itemKey } = entity.dataKeys;

  for (const command of entity.commands) {
    const path = `${base}/${command.name}`;
    if (command.method === 'GET') {
      if (command.report) mountReportExport(app, s, entity, { ...command, report: command.report });
      app.get(path, async (c) => {
        const query = singleQuery(c);
        return success(c, { [command.dataKey]: await runCall(s, c, (ctx) => runCommand(ctx, entity, command, query)) });
      });
    } else if (command.kind === 'upload' || command.kind === 'attach') {
      app.post(path, async (c) => {
        const { fields, file } = await multipartBody(c);
        return success(c, {
          [command.dataKey]: await runCall(s, c, (ctx) => runCommand(ctx, entity, command, fields, file)),
        });
      });
    } else {
      app.post(path, async (c) => {
        const body = await jsonBody(c);
        return success(c, { [command.dataKey]: await runCall(s, c, (ctx) => runCommand(ctx, entity, command, body)) });
      });
    }
  }
  for (const t of entity.workflow?.transitions ?? []) {
    app.post(`${base}/${t.action}`, async (c) => {
      const body = await jsonBody(c);
      return success(c, {
        [itemKey]: await runCall(s, c, async (ctx) =>
          withAllowed(ctx, entity, await runTransition(ctx, entity, t.action, body)),
        ),
      });
    });
  }

  app.get(base, async (c) => {
    const r = await runCall(
      s,
      c,
      async (ctx) => {
        const query = queryLists(c);
        const page = await listRecords(ctx, entity, query);
        // sent together, one round trip for all three: each reads the page and writes its own part of the reply
        const [, , add] = await Promise.all([
          attachAllowed(ctx, entity, page.rows),
          attachReferenceTitles(ctx, entity, page.rows),
          mayAdd(ctx, entity, query),
        ]);
        page.rows.forEach(inReplyOrder);
        return { ...page, allowed: { add } };
      },
      READ,
    );
    return success(c, {
      [listKey]: r.rows,
      total: r.total,
      totalCapped: r.totalCapped,
      limit: r.limit,
      offset: r.offset,
      allowed: r.allowed,
    });
  });
  // the record's titles come in its own statement (one round trip, one statement, remembered titles or not)
  app.get(`${base}/:id{[0-9]+}`, async (c) =>
    success(c, {
      [itemKey]: await runCall(
        s,
        c,
        async (ctx) =>
          withAllowed(
            ctx,
            entity,
            await readRecord(ctx, entity, Number(c.req.param('id')), (bind) => joinedTitles(ctx, entity, bind)),
            entity.children,
            true,
          ),
        READ,
      ),
    }),
  );
  // the record's audit trail, for whoever may read the record (its History section)
  app.get(`${base}/:id{[0-9]+}/history`, async (c) =>
    success(c, {
      history: await runCall(
        s,
        c,
        (ctx) => recordHistory(ctx, entity, Number(c.req.param('id')), singleQuery(c)),
        READ,
      ),
    }),
  );
  // the moves of its workflow state (who moved it where, when), for whoever may read the record (its stepper)
  if (lifecycleOf(entity))
    app.get(`${base}/:id{[0-9]+}/transitions`, async (c) =>
      success(c, {
        transitions: await runCall(s, c, (ctx) => recordTransitions(ctx, entity, Number(c.req.param('id'))), READ),
      }),
    );
  app.post(`${base}/add`, async (c) => {
    const body = await jsonBody(c);
    return success(c, {
      [itemKey]: await runCall(s, c, async (ctx) => withAllowed(ctx, entity, await addRecord(ctx, entity, body))),
    });
  });
  app.post(`${base}/update`, async (c) => {
    const body = await jsonBody(c);
    return success(c, {
      [itemKey]: await runCall(s, c, async (ctx) => withAllowed(ctx, entity, await updateRecord(ctx, entity, body))),
    });
  });
  app.post(`${base}/delete`, async (c) => {
    const body = await jsonBody(c);
    return success(c, { [itemKey]: await runCall(s, c, (ctx) => deleteRecord(ctx, entity, body)) });
  });
}

/** A record as the reply sends it: with what the caller may now do with it (`_allowed`, children it may add too) and the titles of what it names (`_titles`). */
async function withAllowed(
  ctx: CallContext,
  entity: EntityDef,
  row: Row,
  children: readonly ChildDef[] = [],
  ownTitled = false,
): Promise<Row> {
  // the titles' statements go out with the access checks' (one round trip, not one after the other)
  const titled = attachReferenceTitles(ctx, entity, [row], children, { ownTitled });
  titled.catch(() => undefined);
  await attachAllowed(ctx, entity, [row], children);
  await attachChildAdd(ctx, entity, row);
  await titled;
  return inReplyOrder(row);
}

/**
 * `_allowed` then `_titles`, whichever was attached first: the two are worked out side by side and finish in either
 * order, and the same record must come back as the same bytes (its ETag, a 304 to the caller who has it).
 */
function inReplyOrder(row: Row): Row {
  for (const key of ['_allowed', '_titles']) {
    if (!(key in row)) continue;
    const value = row[key];
    delete row[key];
    row[key] = value;
  }
  return row;
}
