// The embedded database's own thread (see pglite-adapter.ts). Plain JavaScript, because a worker thread starts
// without the TypeScript loader. It runs one statement at a time, in the order they arrive; the adapter decides that
// order (one call's transaction at a time).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// The same values as the PostgreSQL driver gives (engine/db/type-parsers.ts, kept in step by hand): bigint and numeric
// as numbers, dates as YYYY-MM-DD, timestamps as ISO strings.
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:\+00)?$/;
const ZONED = /(?:Z|[+-]\d\d(?::?\d\d){0,2})$/;
const parseTimestamp = (v) => {
  const m = UTC_TEXT.exec(v);
  if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  return new Date(ZONED.test(v) ? v : v + 'Z').toISOString();
};
const parsers = { 20: Number, 1700: Number, 1082: (v) => v, 1184: parseTimestamp, 1114: parseTimestamp };

/** What the engine reads off a database error (engine/db/db.ts DbError), copied because an Error does not cross threads whole. */
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'column',
  'table',
  'schema',
  'dataType',
  'severity',
  'position',
  'where',
];

let pg;
try {
  pg = await PGlite.create(workerData.dataDir, { parsers });
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ ready: false, error: { message: e instanceof Error ? e.message : String(e) } });
}

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    if (op === 'close') {
      if (!pg.closed) await pg.close();
      parentPort.postMessage({ id, rows: [] });
      parentPort.close();
      return;
    }
    const result = await pg.query(sql, params);
    parentPort.postMessage({ id, rows: result.rows });
  } catch (e) {
    const error = { message: e instanceof Error ? e.message : String(e), name: e instanceof Error ? e.name : 'Error' };
    for (const f of ERROR_FIELDS) if (e && e[f] !== undefined) error[f] = e[f];
    parentPort.postMessage({ id, error });
  }
});
