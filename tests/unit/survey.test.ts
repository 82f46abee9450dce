import { describe, expect, it } from 'vitest';
import { surveyStatus } from '../../engine/hooks/degree-360/survey.ts';

const survey = { startDate: '2026-03-10', endDate: '2026-03-20' };

describe('surveyStatus', () => {
  it('is Not Open the day before the start date', () => {
    expect(surveyStatus(survey, '2026-03-09')).toBe('Not Open');
  });
  it('is Not Open well before the start date', () => {
    expect(surveyStatus(survey, '2025-12-31')).toBe('Not Open');
  });
  it('is Open on the start date', () => {
    expect(surveyStatus(survey, '2026-03-10')).toBe('Open');
  });
  it('is Open on a middle day', () => {
    expect(surveyStatus(survey, '2026-03-15')).toBe('Open');
  });
  it('is Open on the end date', () => {
    expect(surveyStatus(survey, '2026-03-20')).toBe('Open');
  });
  it('is Closed the day after the end date', () => {
    expect(surveyStatus(survey, '2026-03-21')).toBe('Closed');
  });
  it('is Closed well after the end date', () => {
    expect(surveyStatus(survey, '2027-01-01')).toBe('Closed');
  });
  it('is Open on the single day of a one-day survey', () => {
    const oneDay = { startDate: '2026-02-28', endDate: '2026-02-28' };
    expect(surveyStatus(oneDay, '2026-02-27')).toBe('Not Open');
    expect(surveyStatus(oneDay, '2026-02-28')).toBe('Open');
    expect(surveyStatus(oneDay, '2026-03-01')).toBe('Closed');
  });
  it('compares across month and year boundaries', () => {
    const s = { startDate: '2025-12-31', endDate: '2026-01-01' };
    expect(surveyStatus(s, '2025-12-30')).toBe('Not Open');
    expect(surveyStatus(s, '2025-12-31')).toBe('Open');
    expect(surveyStatus(s, '2026-01-01')).toBe('Open');
    expect(surveyStatus(s, '2026-01-02')).toBe('Closed');
  });
  it('uses only the date part of ISO timestamps', () => {
    expect(surveyStatus(survey, '2026-03-20T23:59:59.999Z')).toBe('Open');
    expect(surveyStatus(survey, '2026-03-10T00:00:00Z')).toBe('Open');
    expect(surveyStatus(survey, '2026-03-09T23:59:59+10:00')).toBe('Not Open');
    expect(surveyStatus(survey, '2026-03-21T00:00:00.000Z')).toBe('Closed');
    expect(surveyStatus({ startDate: '2026-03-10T08:00:00Z', endDate: '2026-03-20T17:00:00Z' }, '2026-03-20')).toBe(
      'Open',
    );
  });
  it('accepts a leap day in a leap year', () => {
    expect(surveyStatus({ startDate: '2024-02-29', endDate: '2024-03-01' }, '2024-02-29')).toBe('Open');
  });
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-3-5', 'soon', ''])(
    'throws naming an invalid today %j',
    (bad) => {
      expect(() => surveyStatus(survey, bad)).toThrow(`"${bad}"`);
    },
  );
  it('throws naming an invalid start or end date', () => {
    expect(() => surveyStatus({ startDate: '2026-02-30', endDate: '2026-03-20' }, '2026-03-15')).toThrow(
      '"2026-02-30"',
    );
    expect(() => surveyStatus({ startDate: '2026-03-10', endDate: '20/03/2026' }, '2026-03-15')).toThrow(
      '"20/03/2026"',
    );
  });
});
