/**
 * How many times a read by id writes to PostgreSQL's socket and how many answers it reads back (issue 28: the floor
 * writes once and reads once). The demo company on a throwaway PostgreSQL 15 cluster, its administrator signed in (the
 * bench's kind of caller), reads of every employee one after another through the app, with the writes and the data
 * events of the database's sockets counted. System calls, not time: the count does not depend on what else the
 * machine is doing.
 *
 *   npx tsx scripts/bench/read-writes.ts
 */
import { Socket } from 'node:net';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { startCluster } from '../../tests/support/postgres-cluster.ts';
import { startOnDb } from '../../tests/support/test-stratum.ts';

const cluster = await startCluster();
const port = Number(new URL(cluster.url).port);
const seen = { writes: 0, answers: 0 };
const toDatabase = (s: Socket) => s.remotePort === port;
const write = Socket.prototype.write;
Socket.prototype.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
  if (toDatabase(this)) seen.writes++;
  return write.apply(this, args);
} as Socket['write'];
const emit = Socket.prototype.emit;
Socket.prototype.emit = function (this: Socket, event: string | symbol, ...args: unknown[]) {
  if (event === 'data' && toDatabase(this)) seen.answers++;
  return emit.apply(this, [event, ...args] as Parameters<Socket['emit']>);
} as Socket['emit'];

try {
  const t = await startOnDb(connectPostgres(cluster.url), {}, { demo: true });
  const admin = await t.login('farzana.rahman@padma.example', 'stratum-demo');
  const list = await admin.get('employee?limit=200');
  const ids: number[] = list.body.data.list.map((e: { id: number }) => e.id);
  for (const id of ids) await admin.get(`employee/${id}`); // warm: prepared statements, caches
  // a read's COMMIT may still be on its way when the next read starts: a pause lets the last one land
  await new Promise((resolve) => setTimeout(resolve, 200));
  Object.assign(seen, { writes: 0, answers: 0 });
  for (const id of ids) {
    const r = await admin.get(`employee/${id}`);
    if (r.status !== 200 || !r.body.data.employee._allowed) throw new Error(JSON.stringify(r.body));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(
    `${ids.length} reads by id: ${(seen.writes / ids.length).toFixed(2)} writes to PostgreSQL and ${(seen.answers / ids.length).toFixed(2)} answers read per read`,
  );
  await t.close();
} finally {
  cluster.stop();
}
