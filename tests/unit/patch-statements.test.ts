import { describe, expect, it } from 'vitest';
import { patchStatements } from '../../engine/migrator/migrate.ts';

describe('a hand-written patch', () => {
  it('is run statement by statement: each ends with a semicolon at the end of its line, comment lines left out', () => {
    const sql = [
      '-- why the patch exists',
      'ALTER TABLE quarter DROP CONSTRAINT IF EXISTS a;',
      "UPDATE quarter SET note = 'x; y'",
      '  WHERE id = 1;  ',
      '',
      '-- the end',
    ].join('\n');
    expect(patchStatements(sql)).toEqual([
      'ALTER TABLE quarter DROP CONSTRAINT IF EXISTS a',
      "UPDATE quarter SET note = 'x; y'\n  WHERE id = 1",
    ]);
  });
});
