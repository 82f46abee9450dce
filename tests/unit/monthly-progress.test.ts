import { describe, expect, it } from 'vitest';
import { monthPeriods } from '../../engine/hooks/performance/monthly-progress/month-periods.ts';
import { progressFilters } from '../../engine/hooks/performance/monthly-progress/report-filters.ts';
import { developmentWindowRefusal } from '../../engine/hooks/performance/plan/development-area-rules.ts';
import { wordIn } from '../../engine/i18n/catalogue.ts';

describe('monthly progress periods', () => {
  it('are the twelve calendar months of a plan that runs a calendar year', () => {
    const periods = monthPeriods('2026-01-01', '2026-12-31');
    expect(periods).toHaveLength(12);
    expect(periods[1]).toEqual({ month: '2026-02', startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(periods[11]).toEqual({ month: '2026-12', startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('count months from the start day and end with the plan, however long it runs', () => {
    expect(monthPeriods('2026-07-15', '2026-09-30')).toEqual([
      { month: '2026-07', startDate: '2026-07-15', endDate: '2026-08-14' },
      { month: '2026-08', startDate: '2026-08-15', endDate: '2026-09-14' },
      { month: '2026-09', startDate: '2026-09-15', endDate: '2026-09-30' },
    ]);
    // the 31st clamps to the end of a shorter month without two periods in one month
    expect(monthPeriods('2027-01-31', '2027-04-29').map((p) => [p.month, p.startDate, p.endDate])).toEqual([
      ['2027-01', '2027-01-31', '2027-02-27'],
      ['2027-02', '2027-02-28', '2027-03-30'],
      ['2027-03', '2027-03-31', '2027-04-29'],
    ]);
    expect(monthPeriods('2026-03-01', '2026-03-01')).toEqual([
      { month: '2026-03', startDate: '2026-03-01', endDate: '2026-03-01' },
    ]);
  });
});

describe('monthly progress report filters', () => {
  it('type ids and check months, naming each bad or missing filter', () => {
    expect(
      progressFilters({ annualPlanId: '4', month: '2026-03' }, ['annualPlanId', 'month'], ['annualPlanId']),
    ).toMatchObject({ annualPlanId: 4, month: '2026-03', businessUnitId: null });
    expect(() => progressFilters({}, ['annualPlanId'], ['annualPlanId'])).toThrow('annualPlanId: is required');
    expect(() => progressFilters({ annualPlanId: '0' }, ['annualPlanId'])).toThrow(
      'annualPlanId: must be a positive whole number',
    );
    expect(() => progressFilters({ month: '2026-13' }, ['month'])).toThrow('month: must be a month as YYYY-MM');
    expect(() => progressFilters({ team: '1' }, ['annualPlanId'])).toThrow('team: is not a filter here');
  });
});

describe('the development area window', () => {
  const windows = [
    { quarterIndex: 0, start: '2026-01-05', end: '2026-01-20' },
    { quarterIndex: 2, start: '2026-07-01', end: '2026-07-10' },
  ];

  it('admits any day while no window is set, and the days of a window (both ends included) once one is', () => {
    expect(developmentWindowRefusal([], '2026-05-05')).toBeNull();
    expect(developmentWindowRefusal(windows, '2026-01-05')).toBeNull();
    expect(developmentWindowRefusal(windows, '2026-07-10')).toBeNull();
  });

  it('refuses a day outside every window, naming the windows', () => {
    expect(wordIn('en', developmentWindowRefusal(windows, '2026-05-05')!)).toBe(
      'Development areas can be managed only in the development area window of a quarter (Q1 05/01/2026 to 20/01/2026 and Q3 01/07/2026 to 10/07/2026); today is 05/05/2026',
    );
  });
});
