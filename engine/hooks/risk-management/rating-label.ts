import type { ComputedHook } from '../hook-registry.ts';

/** How a rated record is named in lists and links: its rating and score, "Low (4)", worded for each reader by its field's `x-ratingTitle`. */
export const ratingLabel: ComputedHook<'residual-rating'> = (r) =>
  r.rating === null || r.rating === undefined ? null : `${String(r.rating)} (${String(r.ratingScore)})`;
