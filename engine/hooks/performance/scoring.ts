// Performance scoring rules, shared by the server and the browser renderer.
// Pure and dependency-free on purpose: do not import anything from the rest of the project here.

/** The targets used when a plan has no rating scale of its own: under 60 % → 1, 60–79 → 2, 80–99 → 3, 100–119 → 4, 120 % and more → 5. */
export const DEFAULT_BAND_TARGETS: readonly number[] = Object.freeze([59, 79, 99, 119, 1000]);

/** Turns -0 into 0 so callers and tests never see a negative zero. */
function noNegativeZero(n: number): number {
  return n === 0 ? 0 : n;
}

/** How far a KPI's actual is towards its target, as a whole percent: 'ASC' (higher is better) is actual ÷ target, anything else (lower is better) target ÷ actual; a zero divisor or non-finite input gives 0. */
export function ratingPercent(actual: number, target: number, optionType: string): number {
  if (!Number.isFinite(actual) || !Number.isFinite(target)) return 0;
  const [dividend, divisor] = optionType === 'ASC' ? [actual, target] : [target, actual];
  if (divisor === 0) return 0;
  // Multiply before dividing: for whole-number inputs this keeps exact halves exact
  // (201 ÷ 200 × 100 would be 100.49999… and round down; 201 × 100 ÷ 200 is 100.5 and rounds to 101).
  const percent = (dividend * 100) / divisor;
  if (!Number.isFinite(percent)) return 0;
  return noNegativeZero(Math.round(percent));
}

/** Builds the five rating bands (1..5) of a rating scale from its five ascending targets: band 1 starts at 0, each later band starts one above the previous target, and each band ends at its own target. */
export function bandsFromTargets(targets: number[]): { rating: number; min: number; max: number; target: number }[] {
  if (!Array.isArray(targets)) throw new Error('Rating targets must be a list of five numbers');
  if (targets.length !== 5) throw new Error(`Rating targets must be exactly five numbers, got ${targets.length}`);
  targets.forEach((t, i) => {
    if (typeof t !== 'number' || !Number.isFinite(t))
      throw new Error(`Rating target ${i + 1} is not a finite number: ${String(t)}`);
    if (i > 0 && t <= targets[i - 1]) {
      throw new Error(
        `Rating targets must be in ascending order: target ${i + 1} (${t}) is not above target ${i} (${targets[i - 1]})`,
      );
    }
  });
  return targets.map((target, i) => ({ rating: i + 1, min: i === 0 ? 0 : targets[i - 1] + 1, max: target, target }));
}

/** The rating of the band a percent falls in (min ≤ percent ≤ max): below the lowest band → 0, above every band → 0 (6 with averageTargetType), in a gap between bands → the higher band. */
export function bandScore(
  percent: number,
  bands: { rating: number; min: number; max: number }[],
  averageTargetType = false,
): number {
  if (Number.isNaN(percent) || bands.length === 0) return 0;
  const sorted = [...bands].sort((a, b) => a.min - b.min);
  const inside = sorted.find((b) => b.min <= percent && percent <= b.max);
  if (inside) return inside.rating;
  if (percent < sorted[0].min) return 0;
  if (sorted.every((b) => percent > b.max)) return averageTargetType ? 6 : 0;
  // In a gap between two bands (e.g. 59.5 between max 59 and min 60): counted as the higher band, in both modes,
  // since the percent has passed the lower band's target. ratingPercent returns whole numbers, so gaps only
  // arise for callers passing fractional percents. The first band starting above the percent is that higher band.
  const higher = sorted.find((b) => b.min > percent);
  return higher ? higher.rating : 0;
}

/** The fields of a KPI that its score depends on (as stored: any may be missing). */
export type Kpi = {
  kpiType?: string | null;
  optionType?: string | null;
  actual?: number | null;
  target?: number | null;
  manualRatingScore?: number | null;
};

/** A KPI's rating: in automatic mode a 'Quantitative' KPI is scored from actual against target (0 if either is missing); every other case uses the manual rating (missing → 0). */
export function kpiScore(
  kpi: Kpi,
  bands: { rating: number; min: number; max: number }[],
  mode: 'automatic' | 'manual',
  averageTargetType = false,
): number {
  if (mode === 'automatic' && kpi.kpiType === 'Quantitative') {
    if (kpi.actual == null || kpi.target == null) return 0;
    return bandScore(ratingPercent(kpi.actual, kpi.target, kpi.optionType ?? ''), bands, averageTargetType);
  }
  const manual = kpi.manualRatingScore;
  return manual != null && Number.isFinite(manual) ? manual : 0;
}

/** The weighted score of a set of items, Σ(score × weight) ÷ 100 (weights are percents), rounded to 2 decimals; adjusted = true uses each non-zero adjustedScore in place of score. */
export function weightedTotal(
  items: { score: number; weight: number; adjustedScore?: number | null }[],
  adjusted = false,
): number {
  let sum = 0;
  for (const item of items) {
    const score = adjusted && item.adjustedScore != null && item.adjustedScore !== 0 ? item.adjustedScore : item.score;
    sum += score * item.weight;
  }
  // Rounded to 2 decimals so displayed and stored totals agree and float noise never shows. This is
  // Math.round(x * 100) / 100 for x = sum ÷ 100, written as Math.round(sum) / 100 to skip the ÷100×100 round trip,
  // which can push an exact half just below it (100.5 ÷ 100 × 100 is 100.49999…).
  return noNegativeZero(Math.round(sum) / 100);
}

/** The colour of a progress bar for a percent: under 60 'danger', under 90 'warning', otherwise 'success' (a non-number percent is 'danger'). */
export function progressColour(percent: number): 'danger' | 'warning' | 'success' {
  if (Number.isNaN(percent) || percent < 60) return 'danger';
  if (percent < 90) return 'warning';
  return 'success';
}
