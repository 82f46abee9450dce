import { describe, expect, it } from 'vitest';
import { executionRate, planExecutionRateField } from '../../engine/hooks/personal-development/execution-rate.ts';

describe('training plan execution rate', () => {
  it('is the completed trainings as a percentage of all planned ones, one decimal', () => {
    expect(executionRate({ planned: 2, completed: 1 })).toBe(33.3);
    expect(executionRate({ planned: 1, completed: 2 })).toBe(66.7);
    expect(executionRate({ planned: 1, completed: 1 })).toBe(50);
    expect(executionRate({ planned: 0, completed: 4 })).toBe(100);
    expect(executionRate({ planned: 3, completed: 0 })).toBe(0);
  });

  it('is unknown while nothing is planned', () => {
    expect(executionRate({ planned: 0, completed: 0 })).toBeNull();
  });

  it('reads the plan’s stored counts; a plan without counts has no rate', () => {
    expect(planExecutionRateField({ plannedCount: 3, completedCount: 1 })).toBe(25);
    expect(planExecutionRateField({})).toBeNull();
  });
});
