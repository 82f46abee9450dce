import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import { surveyStatus } from '../../engine/hooks/degree-360/survey.ts';
import { surveyStatusFilter } from '../../engine/hooks/degree-360/survey-status-field.ts';
import { invitationStatus, invitationStatusFilter } from '../../engine/hooks/degree-360/invitation-status.ts';
import { MIN_RATERS, shapeResult, type ResultRow } from '../../engine/hooks/degree-360/rater-groups.ts';
import { ratingProblem } from '../../engine/hooks/degree-360/reviewer-placement.ts';
import { wordIn } from '../../engine/i18n/catalogue.ts';

/** A survey open from 10 to 20 March 2026, both days included. */
const march = { startDate: '2026-03-10', endDate: '2026-03-20' };

describe('surveyStatus (survey status from its dates, defect D02 fixed)', () => {
  it.each([
    ['2026-03-09', 'Not Open', 'the day before the start'],
    ['2026-03-10', 'Open', 'the start day'],
    ['2026-03-15', 'Open', 'a day in between'],
    ['2026-03-20', 'Open', 'the end day'],
    ['2026-03-21', 'Closed', 'the day after the end'],
  ] as const)('on %s is %s (%s)', (today, status, _when) => {
    expect(surveyStatus(march, today)).toBe(status);
  });

  it('is Open on the single day of a one-day survey, and only then', () => {
    const day = { startDate: '2026-02-28', endDate: '2026-02-28' };
    expect([surveyStatus(day, '2026-02-27'), surveyStatus(day, '2026-02-28'), surveyStatus(day, '2026-03-01')]).toEqual(
      ['Not Open', 'Open', 'Closed'],
    );
  });

  it('compares dates, not text: across months, years and a leap day', () => {
    const turn = { startDate: '2024-02-29', endDate: '2025-01-01' };
    expect(surveyStatus(turn, '2024-02-28')).toBe('Not Open');
    expect(surveyStatus(turn, '2024-02-29')).toBe('Open');
    expect(surveyStatus(turn, '2024-12-31')).toBe('Open');
    expect(surveyStatus(turn, '2025-01-01')).toBe('Open');
    expect(surveyStatus(turn, '2025-01-02')).toBe('Closed');
  });

  it('takes the calendar day of a timestamp: the whole end day is open, midnight after it is closed', () => {
    expect(surveyStatus(march, '2026-03-09T23:59:59.999Z')).toBe('Not Open');
    expect(surveyStatus(march, '2026-03-10T00:00:00Z')).toBe('Open');
    expect(surveyStatus(march, '2026-03-20T23:59:59.999Z')).toBe('Open');
    expect(surveyStatus(march, '2026-03-21T00:00:00.000Z')).toBe('Closed');
    expect(surveyStatus({ startDate: '2026-03-10T12:00:00Z', endDate: '2026-03-20T08:00:00Z' }, '2026-03-20')).toBe(
      'Open',
    );
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-3-5', '20/03/2026', 'soon', ''])(
    'refuses the invalid date %j, naming it',
    (bad) => {
      expect(() => surveyStatus(march, bad)).toThrow(`"${bad}"`);
      expect(() => surveyStatus({ startDate: bad, endDate: '2026-03-20' }, '2026-03-15')).toThrow(/start date/);
      expect(() => surveyStatus({ startDate: '2026-03-10', endDate: bad }, '2026-03-15')).toThrow(/end date/);
    },
  );
});

describe('the survey status list filter agrees with the hook', () => {
  const sql = { column: (f: string) => `"${f}"`, param: (v: unknown) => `'${String(v)}'` };
  it('selects each status by the same inclusive comparisons', () => {
    expect(surveyStatusFilter('Not Open', sql)).toMatch(/"startDate" > '\d{4}-\d{2}-\d{2}'::date$/);
    expect(surveyStatusFilter('Open', sql)).toMatch(/"startDate" <= '[\d-]+'::date AND "endDate" >= '[\d-]+'::date/);
    expect(surveyStatusFilter('Closed', sql)).toMatch(/"endDate" < '[\d-]+'::date$/);
    expect(surveyStatusFilter('Shut', sql)).toBe('false');
  });
});

describe('a reviewer invitation', () => {
  it('is Not Sent, Sent, then Submitted', () => {
    expect(invitationStatus(partialRecord('survey-reviewer', { sentAt: null, submittedAt: null }))).toBe('Not Sent');
    expect(
      invitationStatus(partialRecord('survey-reviewer', { sentAt: '2026-03-01T10:00:00Z', submittedAt: null })),
    ).toBe('Sent');
    expect(
      invitationStatus(
        partialRecord('survey-reviewer', { sentAt: '2026-03-01T10:00:00Z', submittedAt: '2026-03-02T10:00:00Z' }),
      ),
    ).toBe('Submitted');
    const sql = { column: (f: string) => f, param: (v: unknown) => String(v) };
    expect(invitationStatusFilter('Submitted', sql)).toBe('submittedAt IS NOT NULL');
  });
  it('takes ratings only from its survey scale', () => {
    expect(ratingProblem(3, [1, 2, 3, 4, 5])).toBeNull();
    expect(ratingProblem(null, [1, 2, 3])).toBeNull();
    expect(ratingProblem(9, [1, 2, 3])?.message).toBe("Rating is not on the survey's rating scale (1, 2, 3)");
    // the scale's values in the reader's digits, as every number of a message is
    expect(wordIn('bn', ratingProblem(9, [1, 2, 3])!.text!)).toBe('রেটিং জরিপের রেটিং স্কেলে নেই (১, ২, ৩)');
    expect(ratingProblem(1, [])?.message).toMatch(/no rating scale yet/);
  });
});

describe('the 360 result by rater group', () => {
  const row = (
    competencyId: number,
    raterGroup: ResultRow['raterGroup'],
    reviewers: number,
    average: string | null,
    hiddenBecause: ResultRow['hiddenBecause'] = null,
  ): ResultRow => ({ competencyId, competency: `C${competencyId}`, raterGroup, reviewers, average, hiddenBecause });
  it('shows the self-rating, the supervisor and groups of at least three, hides smaller groups without a number', () => {
    expect(MIN_RATERS).toBe(3);
    const result = shapeResult([
      row(1, 'Outsider', 3, '4.33'),
      row(1, 'Peer', 2, null, 'fewerReviewers'),
      row(1, 'Self', 1, '5.00'),
      row(1, 'Supervisor', 1, '2.00'),
      row(1, 'Others', 6, null, 'tellsHiddenGroup'),
      row(2, null, 0, null),
    ]);
    expect(result).toEqual([
      {
        competencyId: 1,
        competency: 'C1',
        groups: {
          Outsider: { average: 4.33, reviewers: 3, hidden: false },
          Peer: { average: null, reviewers: 2, hidden: true, because: 'fewerReviewers' },
          Self: { average: 5, reviewers: 1, hidden: false },
          Supervisor: { average: 2, reviewers: 1, hidden: false },
          Others: { average: null, reviewers: 6, hidden: true, because: 'tellsHiddenGroup' },
        },
      },
      { competencyId: 2, competency: 'C2', groups: {} },
    ]);
  });
  it('hides a small anonymous group even if a number came with it', () => {
    expect(shapeResult([row(1, 'Peer', 1, '2.00')])[0].groups.Peer).toEqual({
      average: null,
      reviewers: 1,
      hidden: true,
      because: 'fewerReviewers',
    });
  });
});
