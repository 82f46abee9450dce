/**
 * How many times one API call waits for the database (issue 28): the demo company on an in-memory PGlite, its
 * administrator signed in (the bench's kind of caller), and each call below made through the app with every statement
 * watched. A statement sent while another of the same call is still out rides in the same round trip (both
 * drivers pipeline); one sent when none is out starts a new one. A COMMIT the call waits for is one more.
 *
 *   npx tsx scripts/bench/round-trips.ts            (SHOW_STATEMENTS=1: each statement with its round trip)
 */
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { forgetTitles } from '../../engine/records/title-cache.ts';
import { startOnDb } from '../../tests/support/test-stratum.ts';

const DEMO_ADMIN = 'farzana.rahman@padma.example';
const DEMO_PASSWORD = 'stratum-demo';

interface Watch {
  statements: number;
  roundTrips: number;
  outstanding: number;
  commits: number;
  /** statements marked to end their read: on PostgreSQL the read's COMMIT goes out in their write (QueryOptions.endsRead) */
  endsRead: number;
}
const watch: Watch = { statements: 0, roundTrips: 0, outstanding: 0, commits: 0, endsRead: 0 };

function watched(db: Db): Db {
  return {
    kind: db.kind,
    async query(text, params, options) {
      watch.statements++;
      if (options?.endsRead) watch.endsRead++;
      if (watch.outstanding++ === 0) watch.roundTrips++;
      if (process.env.SHOW_STATEMENTS)
        console.log(`    ${watch.roundTrips}: ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
      try {
        return await db.query(text, params, options);
      } finally {
        watch.outstanding--;
      }
    },
    async transaction(fn, options) {
      const r = await db.transaction((tx) => fn(watched(tx)), options);
      if (!options?.readOnly) watch.commits++;
      return r;
    },
    close: () => db.close(),
  } as Db;
}

const db = await openPglite();
const t = await startOnDb(watched(db), {}, { demo: true });
const executive = await t.login(DEMO_ADMIN, DEMO_PASSWORD);
const list = await executive.get('employee?limit=1&offset=5');
if (list.status !== 200) throw new Error(JSON.stringify(list.body));
const [someone] = list.body.data.list;
const calls = [
  `employee/${someone.id}`,
  'employee?limit=50',
  'performance-kpi?limit=50',
  'performance-scorecard?limit=50',
  'department?limit=50',
  'meta',
];
const measure = async (path: string, note = '') => {
  Object.assign(watch, { statements: 0, roundTrips: 0, outstanding: 0, commits: 0, endsRead: 0 });
  const r = await executive.get(path);
  console.log(
    `GET /api/v1/${path.padEnd(26)} ${r.status}  ${watch.statements} statements, ${watch.roundTrips + watch.commits} round trips (${watch.commits ? 'COMMIT waited for' : watch.endsRead ? 'COMMIT sent with the last statement' : 'COMMIT sent behind, not waited for'})${note}`,
  );
};
for (const path of calls) {
  await executive.get(path); // warm: the caller and module caches, /meta's serialisation
  if (path === calls[0]) {
    // the bench's reads go over thousands of employees, each naming its own supervisor and sub-sub-section: there the
    // titles are mostly not remembered (title-cache.ts), which this line shows
    forgetTitles();
    await measure(path, ', titles not remembered');
  }
  await measure(path);
}
await t.close();
