import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../engine/app-error.ts';
import { bandsFromTargets, DEFAULT_BAND_TARGETS } from '../../engine/hooks/performance/scoring.ts';
import { assessmentTotals } from '../../engine/hooks/performance/review/assessment-scores.ts';
import { changedScoreFields } from '../../engine/hooks/performance/review/kpi-assessment-scores.ts';
import { WAITING } from '../../engine/hooks/performance/review/review-queues.ts';
import {
  agreementQuarter,
  assertReviewInWindow,
  defaultReviewType,
  reviewWindow,
} from '../../engine/hooks/performance/review/review-windows.ts';
import { heldStatusOf, PERIOD_CLOSED_STATUS } from '../../renderer/src/screens/period-closed-status.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('the period-closed status (D16)', () => {
  it('is held from the stable error code, never from the message', () => {
    expect(heldStatusOf({ code: 'period_closed' })).toEqual({ id: -1, status: 'Period is closed' });
    expect(heldStatusOf({ code: 'period_closed' })).toBe(PERIOD_CLOSED_STATUS);
    // the message alone does not make it, nor another refusal
    expect(heldStatusOf({ code: 'outside_window', message: 'Period is closed' } as { code: string })).toBeNull();
    expect(heldStatusOf({ code: undefined })).toBeNull();
    expect(heldStatusOf(null)).toBeNull();
  });
});

describe('review windows', () => {
  it('follow the employees’ windows for personal reviews and the PM committee’s for corporate ones', () => {
    expect(reviewWindow('agreement', 'Personal')).toBe('agreement');
    expect(reviewWindow('agreement', 'Corporate')).toBe('pmAgreement');
    expect(reviewWindow('assessment', 'Personal')).toBe('assessment');
    expect(reviewWindow('assessment', 'Corporate')).toBe('pmAssessment');
    expect(defaultReviewType('corporate')).toBe('Corporate');
    expect(defaultReviewType('employee')).toBe('Personal');
    expect(agreementQuarter(null)).toBe(0);
    expect(agreementQuarter(2)).toBe(2);
  });

  it('refuse outside the window with outside_window, or period_closed for a corporate review; start and end days included', () => {
    const personal = { type: 'Personal', quarterIndex: 1, windowStartDate: '2026-04-01', windowEndDate: '2026-04-10' };
    expect(() => assertReviewInWindow(personal, 'assessment', '2026-04-01')).not.toThrow();
    expect(() => assertReviewInWindow(personal, 'assessment', '2026-04-10')).not.toThrow();
    const late = (() => {
      try {
        assertReviewInWindow(personal, 'assessment', '2026-04-11');
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(late).toMatchObject({
      code: 'outside_window',
      status: 422,
      message: 'This can be done only in the assessment window of Q2, 01/04/2026 to 10/04/2026; today is 11/04/2026',
    });
    const corporate = { ...personal, type: 'Corporate', quarterIndex: null };
    const closed = (() => {
      try {
        assertReviewInWindow(corporate, 'agreement', '2026-03-31');
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(closed).toBeInstanceOf(AppError);
    expect(closed).toMatchObject({ code: 'period_closed', status: 422 });
    expect(closed!.message).toMatch(/^Period is closed: this can be done only in the PM agreement window of Q1/);
    expect(() =>
      assertReviewInWindow(
        { type: 'Personal', quarterIndex: 0, windowStartDate: null, windowEndDate: null },
        'agreement',
        '2026-01-01',
      ),
    ).toThrow(/has not been set/);
  });
});

describe('assessment totals', () => {
  const rules = {
    bands: bandsFromTargets([...DEFAULT_BAND_TARGETS]),
    mode: 'automatic' as const,
    averageTargetType: false,
  };
  const kpis = [
    { id: 1, kpiType: 'Quantitative', optionType: 'ASC', weight: 60, target: 100, actual1: 85, actual2: 130 },
    { id: 2, kpiType: 'Qualitative', weight: 40, manualRatingScore: 2 },
  ];

  it('score Quantitative KPIs from the quarter’s actuals and the others from the supervisor’s rating, weighted', () => {
    // Q1: 85 % → 3; Culture rated 4: (3 × 60 + 4 × 40) ÷ 100 = 3.4; adjusted to 5: 3.8; self (4, 3): 3.6
    expect(
      assessmentTotals(
        kpis,
        [
          { kpiId: 1, selfScore: 4 },
          { kpiId: 2, selfScore: 3, manualRatingScore: 4, adjustedScore: 5 },
        ],
        rules,
        0,
      ),
    ).toEqual({ selfScore: 3.6, score: 3.4, finalScore: 3.8 });
    // Q2: 130 % → 5; without a rating in the assessment, the KPI's own (2): (5 × 60 + 2 × 40) ÷ 100 = 3.8
    expect(assessmentTotals(kpis, [], rules, 1)).toEqual({ selfScore: 0, score: 3.8, finalScore: 3.8 });
  });

  it('use an adjusted score only when it is not zero, and ignore scores of KPIs not on the scorecard', () => {
    expect(
      assessmentTotals(
        kpis,
        [
          { kpiId: 1, adjustedScore: 0 },
          { kpiId: 2, manualRatingScore: 4 },
          { kpiId: 99, selfScore: 5, adjustedScore: 5 },
        ],
        rules,
        0,
      ),
    ).toEqual({ selfScore: 0, score: 3.4, finalScore: 3.4 });
    expect(assessmentTotals(kpis, [{ kpiId: 1, adjustedScore: 1 }], rules, 0).finalScore).toBe(1.4);
  });

  it('score manually in manual mode, quantitative KPIs included', () => {
    expect(
      assessmentTotals(
        kpis,
        [
          { kpiId: 1, manualRatingScore: 5 },
          { kpiId: 2, manualRatingScore: 5 },
        ],
        { ...rules, mode: 'manual' },
        0,
      ).score,
    ).toBe(5);
  });
});

describe('KPI score changes and queues', () => {
  it('name only the score fields a write changes', () => {
    expect(changedScoreFields(null, { selfScore: 3, comment: undefined })).toEqual(['selfScore']);
    expect(
      changedScoreFields(
        { selfScore: 3, manualRatingScore: null },
        { selfScore: 3, manualRatingScore: 4, comment: 'x' },
      ),
    ).toEqual(['manualRatingScore', 'comment']);
    expect(changedScoreFields({ adjustedScore: 2 }, { adjustedScore: null })).toEqual(['adjustedScore']);
  });

  it('wait for each party in states that the workflow lets that party leave by the step named', () => {
    for (const kind of ['agreement', 'assessment'] as const) {
      const wf = JSON.parse(
        readFileSync(join(ROOT, `metadata/modules/performance/performance-${kind}/workflow.json`), 'utf8'),
      ) as { transitions: { action: string; from: string[] }[] };
      for (const waiting of Object.values(WAITING[kind]))
        for (const [state, action] of Object.entries(waiting))
          expect(wf.transitions.find((x) => x.action === action)?.from, `${kind} ${action} from ${state}`).toContain(
            state,
          );
    }
    expect(Object.keys(WAITING.assessment.employee)).toEqual(['Open', 'Assessed']);
    expect(Object.keys(WAITING.assessment.supervisor)).toEqual(['SelfAssessed', 'ReferredBack']);
  });
});
