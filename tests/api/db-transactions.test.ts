import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { backends } from '../support/backends.ts';

/** The storage adapters' transactions, which every call of the engine runs in. */
describe.each(backends())('transactions on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
    await db.query(`CREATE TABLE tx_probe (id int PRIMARY KEY, note text NOT NULL)`);
  });
  afterAll(() => db.close());

  const notes = async () =>
    (await db.query<{ note: string }>(`SELECT note FROM tx_probe ORDER BY id`)).map((r) => r.note);

  it('commits statements sent together, in the order they were sent', async () => {
    const seen = await db.transaction(async (tx) => {
      const [, , rows] = await Promise.all([
        tx.query(`INSERT INTO tx_probe VALUES (1, 'one')`),
        tx.query(`UPDATE tx_probe SET note = 'one, updated' WHERE id = 1`),
        tx.query<{ note: string }>(`SELECT note FROM tx_probe WHERE id = 1`),
      ]);
      return rows[0].note;
    });
    expect(seen).toBe('one, updated');
    expect(await notes()).toEqual(['one, updated']);
  });

  it('rolls back everything when a statement fails, even one the caller caught', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO tx_probe VALUES (2, 'two')`);
        await tx.query(`INSERT INTO tx_probe VALUES (1, 'a duplicate')`).catch(() => 'ignored');
        return 'done';
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO tx_probe VALUES (3, 'three')`);
        throw new Error('the caller gave up');
      }),
    ).rejects.toThrow('the caller gave up');
    expect(await notes()).toEqual(['one, updated']);
  });

  it('keeps serving after many failed transactions (each hands its connection back)', async () => {
    for (let i = 0; i < 12; i++)
      await expect(db.transaction((tx) => tx.query(`INSERT INTO tx_probe VALUES (1, 'again')`))).rejects.toMatchObject({
        code: '23505',
      });
    const counts = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction((tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM tx_probe`)),
      ),
    );
    expect(counts.map((r) => r[0].n)).toEqual(Array(12).fill(1));
  });

  it('a read that committed ahead goes on under its settings, in a transaction opened again', async () => {
    const seen = await db.transaction(
      async (tx) => {
        const settled = tx.query(`SELECT set_config('app.probe', 'probe 1', true)`, [], { setting: true });
        const [first] = await tx.query<{ started: string }>(`SELECT now()::text AS started FROM tx_probe`, [], {
          endsRead: true,
        });
        await settled;
        await new Promise((resolve) => setTimeout(resolve, 20));
        // after the statement that was to end the read: its setting holds, its notes are read
        const [after] = await tx.query<{ started: string; probe: string; notes: number }>(
          `SELECT now()::text AS started, current_setting('app.probe', true) AS probe,
                  (SELECT count(*)::int FROM tx_probe) AS notes`,
        );
        return { first: first.started, ...after };
      },
      { readOnly: true },
    );
    expect(seen.probe).toBe('probe 1');
    expect(seen.notes).toBe(1);
    // PostgreSQL sent the COMMIT with the first statement, so the second ran in a transaction of its own (a later
    // start); PGlite, in process, has no round trip to save and keeps one transaction
    if (backend.name === 'postgres') expect(seen.started).not.toBe(seen.first);
    else expect(seen.started).toBe(seen.first);
    // and the read is over: the setting went with it (a connection of a pool of five, so ask each)
    const after = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction((tx) =>
          tx.query<{ probe: string | null }>(`SELECT current_setting('app.probe', true) AS probe`),
        ),
      ),
    );
    expect(after.map((r) => r[0].probe || null)).toEqual(Array(5).fill(null));
  });

  it('a read that committed ahead without a setting is refused a further statement', async () => {
    const refused = db.transaction(
      async (tx) => {
        await tx.query(`SELECT 1`, [], { endsRead: true });
        return tx.query(`SELECT note FROM tx_probe`);
      },
      { readOnly: true },
    );
    if (backend.name === 'postgres') await expect(refused).rejects.toThrow('no setting to open again with');
    else await expect(refused).resolves.toHaveLength(1);
  });
});
