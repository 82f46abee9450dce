import { describe, expect, it } from 'vitest';
import { forgetCallersHere, lookUpCallerOnce, type TokenCaller } from '../../engine/auth/caller-cache.ts';

const caller: TokenCaller = {
  accountId: 7,
  role: 'employee',
  companyId: 1,
  employeeId: 3,
  email: 'a@b.example',
  name: 'A B',
};

/** A lookup that answers when told to, counting how often it was started. */
function pendingLookup() {
  let started = 0;
  let answer: (c: TokenCaller | null) => void = () => {};
  return {
    lookUp: () => {
      started++;
      return new Promise<TokenCaller | null>((resolve) => (answer = resolve));
    },
    answer: (c: TokenCaller | null) => answer(c),
    started: () => started,
  };
}

describe('token lookups shared by the calls that miss at once', () => {
  it('asks once for a token however many calls miss it together, and again once that lookup is over', async () => {
    const l = pendingLookup();
    const calls = Array.from({ length: 50 }, () => lookUpCallerOnce('hash-a', l.lookUp));
    expect(l.started()).toBe(1);
    l.answer(caller);
    expect(await Promise.all(calls)).toEqual(Array(50).fill(caller));
    const later = lookUpCallerOnce('hash-a', l.lookUp);
    expect(l.started()).toBe(2);
    l.answer(null);
    expect(await later).toBeNull();
  });

  it('does not share one token’s lookup with another token', () => {
    const l = pendingLookup();
    void lookUpCallerOnce('hash-b', l.lookUp);
    void lookUpCallerOnce('hash-c', l.lookUp);
    expect(l.started()).toBe(2);
  });

  it('asks afresh after a forget, not the lookup begun before it', async () => {
    const before = pendingLookup();
    const first = lookUpCallerOnce('hash-d', before.lookUp);
    forgetCallersHere();
    const after = pendingLookup();
    const second = lookUpCallerOnce('hash-d', after.lookUp);
    expect(after.started()).toBe(1);
    before.answer(caller);
    after.answer(null);
    expect(await first).toEqual(caller);
    expect(await second).toBeNull();
  });

  it('passes a failed lookup on to every call that waited for it, and tries again after', async () => {
    let started = 0;
    const failing = () => {
      started++;
      return Promise.reject(new Error('database gone'));
    };
    const calls = [lookUpCallerOnce('hash-e', failing), lookUpCallerOnce('hash-e', failing)];
    for (const c of calls) await expect(c).rejects.toThrow('database gone');
    expect(started).toBe(1);
    await expect(lookUpCallerOnce('hash-e', failing)).rejects.toThrow('database gone');
    expect(started).toBe(2);
  });
});
