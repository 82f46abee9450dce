import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  DUE_SOON_DAYS,
  dueStatus,
  FREQUENCIES,
  nextComplianceDate,
} from '../../engine/hooks/compliance-management/compliance-dates.ts';

describe('nextComplianceDate', () => {
  it('moves the date by the frequency', () => {
    expect(nextComplianceDate('2027-03-10', 'Weekly')).toBe('2027-03-17');
    expect(nextComplianceDate('2027-03-10', 'Monthly')).toBe('2027-04-10');
    expect(nextComplianceDate('2027-03-10', 'Quarterly')).toBe('2027-06-10');
    expect(nextComplianceDate('2027-03-10', 'Half-yearly')).toBe('2027-09-10');
    expect(nextComplianceDate('2027-03-10', 'Annually')).toBe('2028-03-10');
  });

  it('keeps a month end inside the shorter month', () => {
    expect(nextComplianceDate('2027-01-31', 'Monthly')).toBe('2027-02-28');
    expect(nextComplianceDate('2028-01-31', 'Monthly')).toBe('2028-02-29'); // a leap year
    expect(nextComplianceDate('2027-03-31', 'Monthly')).toBe('2027-04-30');
    expect(nextComplianceDate('2027-11-30', 'Quarterly')).toBe('2028-02-29');
    expect(nextComplianceDate('2027-08-31', 'Half-yearly')).toBe('2028-02-29');
    expect(nextComplianceDate('2028-02-29', 'Annually')).toBe('2029-02-28');
    // the 31st again where the month has it: the step is from the given date, not from a remembered day
    expect(nextComplianceDate('2027-02-28', 'Monthly')).toBe('2027-03-28');
  });

  it('crosses the turn of the year', () => {
    expect(nextComplianceDate('2027-12-29', 'Weekly')).toBe('2028-01-05');
    expect(nextComplianceDate('2027-12-15', 'Monthly')).toBe('2028-01-15');
    expect(nextComplianceDate('2027-10-31', 'Quarterly')).toBe('2028-01-31');
  });

  it('refuses a date that is not a real calendar date, and an unknown frequency', () => {
    expect(() => nextComplianceDate('2027-02-30', 'Monthly')).toThrow(/Invalid date "2027-02-30"/);
    expect(() => nextComplianceDate('soon', 'Monthly')).toThrow(/Invalid date/);
    expect(() => nextComplianceDate('2027-01-01', 'Daily' as never)).toThrow(/Unknown frequency "Daily"/);
  });
});

describe('addDays and addMonths', () => {
  it('count calendar days and months', () => {
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addMonths('2027-05-31', -3)).toBe('2027-02-28');
    expect(addMonths('2027-01-15', 24)).toBe('2029-01-15');
  });
});

describe('dueStatus', () => {
  const today = '2027-06-15';
  it('is Overdue once the next date has passed', () => {
    expect(dueStatus('2027-06-14', 'Monthly', today)).toBe('Overdue');
    expect(dueStatus('2026-01-01', 'Annually', today)).toBe('Overdue');
  });

  it('is Due soon from the window before the next date through the day itself', () => {
    expect(dueStatus('2027-06-15', 'Monthly', today)).toBe('Due soon');
    expect(dueStatus('2027-06-22', 'Monthly', today)).toBe('Due soon'); // 7 days ahead
    expect(dueStatus('2027-06-23', 'Monthly', today)).toBe('On track');
    expect(dueStatus('2027-06-17', 'Weekly', today)).toBe('Due soon');
    expect(dueStatus('2027-06-18', 'Weekly', today)).toBe('On track');
    expect(dueStatus('2027-07-15', 'Annually', today)).toBe('Due soon');
    expect(dueStatus('2027-07-16', 'Annually', today)).toBe('On track');
  });

  it('has a window for every frequency, shorter than its period', () => {
    for (const f of FREQUENCIES) {
      expect(DUE_SOON_DAYS[f]).toBeGreaterThan(0);
      expect(addDays(today, DUE_SOON_DAYS[f]) < nextComplianceDate(today, f)).toBe(true);
    }
  });

  it('is null without a next date', () => {
    expect(dueStatus(null, 'Monthly', today)).toBeNull();
  });
});
