import type { ScoringRules } from '../quarter-score.ts';

/**
 * The scoring hooks (`engine/hooks/performance/scoring.ts`, `quarter-score.ts`) written as SQL, so that a report scores every KPI
 * of 10,000 scorecards in one aggregate query instead of reading them all into the server. It must agree with
 * `scoreKpi` exactly; `tests/api/performance-reports.test.ts` checks the two against each other on random KPIs.
 * Floats as JavaScript has them (float8), Math.round as floor(x + 0.5).
 */
export interface KpiScoreSql {
  /** the KPI's score for the quarter (or the year), over the columns of `alias` */
  score: string;
  /** the score a weighted adjusted total uses: the adjusted score where it is set and not 0 */
  adjusted: string;
  /** the parameters the expressions name, to append at `firstParam` (none in manual mode) */
  params: unknown[];
}

/** The column of the quarter's figure (Q1..Q4 = 0..3), or of the year's with no quarter. */
export function figures(alias: string, quarter: number | null): { actual: string; target: string } {
  if (quarter === null) return { actual: `${alias}.actual::float8`, target: `${alias}.target::float8` };
  const n = quarter + 1;
  return {
    actual: `${alias}.actual${n}::float8`,
    target: `coalesce(${alias}.periodic_target${n}, ${alias}.target)::float8`,
  };
}

/** The largest finite float8 (Number.MAX_VALUE): beyond it JavaScript has Infinity. */
const FLOAT_MAX = '1.7976931348623157e308';

export function kpiScoreSql(
  alias: string,
  rules: ScoringRules,
  quarter: number | null,
  firstParam: number,
): KpiScoreSql {
  const { actual, target } = figures(alias, quarter);
  // ratingPercent: ASC is actual ÷ target, else target ÷ actual; a zero divisor gives 0
  const [dividend, divisor] = [
    `CASE WHEN ${alias}.option_type = 'ASC' THEN ${actual} ELSE ${target} END`,
    `CASE WHEN ${alias}.option_type = 'ASC' THEN ${target} ELSE ${actual} END`,
  ];
  // PostgreSQL refuses a float8 product or quotient out of range (overflow, and underflow to 0) where JavaScript gives
  // Infinity (a percent of 0, as ratingPercent has it) or 0; figures that far out are worked in numeric instead
  const extreme = `((${dividend} <> 0 AND abs(${dividend}) NOT BETWEEN 1e-290 AND 1e290) OR abs(${divisor}) NOT BETWEEN 1e-290 AND 1e290)`;
  const exact = `((${dividend})::numeric * 100 / (${divisor})::numeric)`;
  const overflow = `(abs((${dividend})::numeric) * 100 > ${FLOAT_MAX} OR abs(${exact}) > ${FLOAT_MAX})`;
  const percent = `(CASE WHEN ${divisor} = 0 THEN 0::float8
      WHEN ${extreme} THEN (CASE WHEN ${overflow} THEN 0::float8 ELSE round(${exact})::float8 END)
      ELSE floor((${dividend} * 100) / ${divisor} + 0.5) END)`;
  const sorted = [...rules.bands].sort((a, b) => a.min - b.min);
  const params: unknown[] = [];
  const param = (v: number, type: 'float8' | 'int') => `$${firstParam + params.push(v) - 1}::${type}`;
  const bands = sorted.map((b) => ({
    rating: param(b.rating, 'int'),
    min: param(b.min, 'float8'),
    max: param(b.max, 'float8'),
  }));
  // bandScore as one CASE over the plan's bands (known when the query is written), the percent worked out once per KPI:
  // the band it lies in (the lowest-starting one); below every band 0; above every band 0 (6 with the average target
  // type); in a gap, the band starting next above it
  const band = !bands.length
    ? '0'
    : `(SELECT CASE ${bands.map((b) => `WHEN p.v >= ${b.min} AND p.v <= ${b.max} THEN ${b.rating}`).join(' ')}
         WHEN p.v < ${bands[0].min} THEN 0
         WHEN ${bands.map((b) => `p.v > ${b.max}`).join(' AND ')} THEN ${rules.averageTargetType ? 6 : 0}
         ${bands.map((b) => `WHEN ${b.min} > p.v THEN ${b.rating}`).join(' ')} ELSE 0 END
       FROM (SELECT ${percent} AS v OFFSET 0) p)`;
  const manual = `coalesce(${alias}.manual_rating_score::float8, 0)`;
  const score =
    rules.mode === 'automatic'
      ? `(CASE WHEN ${alias}.kpi_type = 'Quantitative' THEN (CASE WHEN ${actual} IS NULL OR ${target} IS NULL THEN 0 ELSE ${band} END)::float8 ELSE ${manual} END)`
      : manual;
  const adjusted = `(CASE WHEN coalesce(${alias}.adjusted_score, 0) <> 0 THEN ${alias}.adjusted_score::float8 ELSE ${score} END)`;
  // manual mode names no band: PostgreSQL refuses a parameter that no expression uses (it cannot type it)
  return { score, adjusted, params: rules.mode === 'automatic' ? params : [] };
}

/**
 * weightedTotal: Σ(score × weight) ÷ 100, rounded to two decimals the way the hook rounds (Math.round(sum) ÷ 100).
 * `orderBy` adds the KPIs up in the order the hook reads them (by id), so that float sums agree to the last bit.
 */
export const weightedTotalSql = (score: string, weight: string, orderBy?: string): string =>
  `(floor(sum(${score} * coalesce(${weight}::float8, 0)${orderBy ? ` ORDER BY ${orderBy}` : ''}) + 0.5) / 100)`;
