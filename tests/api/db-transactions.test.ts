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
});
