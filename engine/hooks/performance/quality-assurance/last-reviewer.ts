/**
 * The last-reviewer rule of a QA review set: every member of a QA list (of one annual plan) reviews a subject once;
 * the member whose review completes the set is its last reviewer, and only that member completes the review.
 * Pure: the members and the subject's reviews in, the answer out.
 */

/** A review as the rule sees it: who wrote it, and its id (ids grow with time, so the highest id is the latest). */
export interface ReviewMark {
  readonly id: number;
  readonly qaMemberId: number;
}

/** The members of the list who have not reviewed the subject yet (reviews by former members do not count). */
export function membersStillToReview(memberIds: readonly number[], reviews: readonly ReviewMark[]): number[] {
  const reviewed = new Set(reviews.map((r) => r.qaMemberId));
  return [...new Set(memberIds)].filter((m) => !reviewed.has(m));
}

/** Whether every member of the list has reviewed the subject (a list without members is never complete). */
export function isSetComplete(memberIds: readonly number[], reviews: readonly ReviewMark[]): boolean {
  return memberIds.length > 0 && membersStillToReview(memberIds, reviews).length === 0;
}

/**
 * The member whose review is, or would be, the last of the set: when every member has reviewed, the one whose review
 * came last; when exactly one member has not, that member; otherwise nobody yet (null).
 */
export function lastReviewer(memberIds: readonly number[], reviews: readonly ReviewMark[]): number | null {
  const members = new Set(memberIds);
  const missing = membersStillToReview(memberIds, reviews);
  if (missing.length === 1) return missing[0];
  if (missing.length > 0 || members.size === 0) return null;
  let latest: ReviewMark | null = null;
  for (const r of reviews) if (members.has(r.qaMemberId) && (latest === null || r.id > latest.id)) latest = r;
  return latest?.qaMemberId ?? null;
}

/** isLastReviewer of one member: true when that member's review is (or would be) the one that completes the set. */
export function isLastReviewer(
  qaMemberId: number,
  memberIds: readonly number[],
  reviews: readonly ReviewMark[],
): boolean {
  return lastReviewer(memberIds, reviews) === qaMemberId;
}
