/**
 * Risk matrix rules: impact × likelihood → rating score and rating level.
 * Pure and dependency-free, so it can be unit-tested without a database.
 */

export interface RiskTableEntry {
  impact: string;
  likelihood: string;
  ratingScore: number;
  rating: string;
}

/** Impacts in rank order: rank = index + 1 (Insignificant 1 … Catastrophic 5). */
export const IMPACTS = ['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic'] as const;

/** Likelihoods in rank order: rank = index + 1 (Rare 1 … Certain 5). */
export const LIKELIHOODS = ['Rare', 'Unlikely', 'Possible', 'Likely', 'Certain'] as const;

/**
 * Rating level for a score (impact rank × likelihood rank, so 1..25).
 * 1–4 Low, 5–9 Moderate, 10–16 High, 17–25 Extreme (17–19 cannot occur as a
 * product of 1..5; they fall in Extreme so the level never decreases as the score rises).
 */
export function riskLevel(score: number): 'Low' | 'Moderate' | 'High' | 'Extreme' {
  if (!Number.isInteger(score) || score < 1 || score > 25) {
    throw new Error(`Invalid risk score ${String(score)}: expected a whole number from 1 to 25`);
  }
  if (score <= 4) return 'Low';
  if (score <= 9) return 'Moderate';
  if (score <= 16) return 'High';
  return 'Extreme';
}

/** The rating for an impact/likelihood pair, looked up in the table by exact string match. */
export function riskRating(
  impact: string,
  likelihood: string,
  table: { impact: string; likelihood: string; ratingScore: number; rating: string }[],
): { ratingScore: number; rating: string } {
  const entry = table.find((e) => e.impact === impact && e.likelihood === likelihood);
  if (!entry) throw new Error(`No risk rating for impact "${impact}" and likelihood "${likelihood}"`);
  return { ratingScore: entry.ratingScore, rating: entry.rating };
}

/** The full 5 × 5 table: ratingScore = impact rank × likelihood rank, rating = riskLevel(ratingScore). */
export function defaultRiskTable(): RiskTableEntry[] {
  const table: RiskTableEntry[] = [];
  IMPACTS.forEach((impact, i) => {
    LIKELIHOODS.forEach((likelihood, l) => {
      const ratingScore = (i + 1) * (l + 1);
      table.push({ impact, likelihood, ratingScore, rating: riskLevel(ratingScore) });
    });
  });
  return table;
}

const COLOURS = { Low: 'green', Moderate: 'yellow', High: 'orange', Extreme: 'red' } as const;

/** Display colour of a rating level: Low green, Moderate yellow, High orange, Extreme red. */
export function riskColour(level: string): 'green' | 'yellow' | 'orange' | 'red' {
  if (!Object.hasOwn(COLOURS, level)) throw new Error(`Unknown risk level "${level}"`);
  return COLOURS[level as keyof typeof COLOURS];
}
