import { describe, expect, it } from 'vitest';
import { MAX_PREPARED_TEXTS, PreparedTexts } from '../../engine/db/postgres-adapter.ts';

describe('which statement texts PostgreSQL keeps prepared', () => {
  it('prepares a text from its second use on, never one the caller marks unprepared', () => {
    const texts = new PreparedTexts();
    const read = 'SELECT * FROM employee WHERE id = $1';
    expect([texts.use(read, undefined), texts.use(read, undefined), texts.use(read, undefined)]).toEqual([
      false,
      true,
      true,
    ]);
    const offset = 'SELECT * FROM employee OFFSET 500';
    expect([texts.use(offset, { prepare: false }), texts.use(offset, { prepare: false })]).toEqual([false, false]);
  });

  it('lets texts that run once (a first start, a seed) not use up the bound, so a later read is still prepared', () => {
    const texts = new PreparedTexts();
    for (let i = 0; i < MAX_PREPARED_TEXTS * 3; i++) texts.use(`INSERT INTO seed_${i} VALUES ($1)`, undefined);
    const read = 'SELECT * FROM employee WHERE id = $1';
    texts.use(read, undefined);
    expect(texts.use(read, undefined)).toBe(true);
  });

  it('past the bound, prepares no new text but keeps those it has', () => {
    const texts = new PreparedTexts();
    const kept = 'SELECT 1 WHERE $1::int > 0';
    texts.use(kept, undefined);
    texts.use(kept, undefined);
    for (let i = 0; i < MAX_PREPARED_TEXTS; i++) {
      texts.use(`SELECT ${i} WHERE $1::int > 0`, undefined);
      texts.use(`SELECT ${i} WHERE $1::int > 0`, undefined);
    }
    const late = 'SELECT * FROM late WHERE id = $1';
    expect([texts.use(late, undefined), texts.use(late, undefined)]).toEqual([false, false]);
    expect(texts.use(kept, undefined)).toBe(true);
  });
});
