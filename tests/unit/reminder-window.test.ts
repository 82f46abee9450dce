import { describe, expect, it } from 'vitest';
import { addDays, reminderWindow } from '../../engine/reminders/reminder-window.ts';

describe('reminder windows', () => {
  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('runs from today to the date N days ahead for a reminder before the date', () => {
    expect(reminderWindow({ daysBefore: 14 }, '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-12-07' });
    expect(reminderWindow({ daysBefore: 0 }, '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });
  it('takes every date before today (less the grace days) for a reminder after the date', () => {
    expect(reminderWindow({ daysAfter: 0 }, '2026-11-23')).toEqual({ from: null, to: '2026-11-22' });
    expect(reminderWindow({ daysAfter: 7 }, '2026-11-23')).toEqual({ from: null, to: '2026-11-15' });
  });
});
