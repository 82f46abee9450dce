import { describe, expect, it } from 'vitest';
import { remainingBudget } from '../../engine/hooks/projects/remaining-budget.ts';

describe('remaining budget', () => {
  it('is the estimate less the budget spent, to the cent', () => {
    expect(remainingBudget(1000, 250.5)).toBe(749.5);
    expect(remainingBudget(0.3, 0.1)).toBe(0.2);
    expect(remainingBudget('120.00', '20.00')).toBe(100);
  });
  it('is negative when the spending passes the estimate', () => {
    expect(remainingBudget(100, 130)).toBe(-30);
  });
  it('is the whole estimate while nothing is spent, and unknown without an estimate', () => {
    expect(remainingBudget(80, null)).toBe(80);
    expect(remainingBudget(80, undefined)).toBe(80);
    expect(remainingBudget(null, 10)).toBeNull();
    expect(remainingBudget(undefined, undefined)).toBeNull();
  });
});
