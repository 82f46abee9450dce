import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCapped, knownCapped, settleCapped } from '../../engine/records/capped-totals.ts';

const where = 'WHERE company_id = $1';

describe('remembered "at least TOTAL_CAP" answers of long lists', () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetCapped('employee');
  });

  it('remembers a capped count for a few seconds, per filter and values, and never an exact one', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    expect(knownCapped('employee', where, [1])).toBe(false);
    settleCapped('employee', where, [1], true);
    expect(knownCapped('employee', where, [1])).toBe(true);
    expect(knownCapped('employee', where, [2])).toBe(false);
    settleCapped('employee', where, [2], false);
    expect(knownCapped('employee', where, [2])).toBe(false);
    // a write to the table forgets its answers
    forgetCapped('employee');
    expect(knownCapped('employee', where, [1])).toBe(false);
  });

  it('when the answer expires, one call counts again while the others keep it (no herd of counts)', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    settleCapped('employee', where, [1], true);
    vi.advanceTimersByTime(6_000);
    expect(knownCapped('employee', where, [1])).toBe(false); // this one counts
    expect(knownCapped('employee', where, [1])).toBe(true); // the ones meanwhile do not
    expect(knownCapped('employee', where, [1])).toBe(true);
    // the recount found fewer rows than the cap: the answer is gone at once
    settleCapped('employee', where, [1], false);
    expect(knownCapped('employee', where, [1])).toBe(false);
  });
});
