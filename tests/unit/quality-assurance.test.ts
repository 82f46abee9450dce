import { describe, expect, it } from 'vitest';
import {
  isLastReviewer,
  isSetComplete,
  lastReviewer,
  membersStillToReview,
} from '../../engine/hooks/performance/quality-assurance/last-reviewer.ts';

const review = (id: number, qaMemberId: number) => ({ id, qaMemberId });

describe('the last-reviewer rule of a QA review set', () => {
  it('has no last reviewer while two or more members are still to review, or when the list has no members', () => {
    expect(lastReviewer([1, 2, 3], [])).toBeNull();
    expect(lastReviewer([1, 2, 3], [review(10, 1)])).toBeNull();
    expect(lastReviewer([], [])).toBeNull();
    expect(isSetComplete([], [])).toBe(false);
  });

  it('names the one member still to review as the one who would be last', () => {
    expect(lastReviewer([1, 2, 3], [review(10, 1), review(11, 3)])).toBe(2);
    expect(isLastReviewer(2, [1, 2, 3], [review(10, 1), review(11, 3)])).toBe(true);
    expect(isLastReviewer(3, [1, 2, 3], [review(10, 1), review(11, 3)])).toBe(false);
    expect(lastReviewer([7], [])).toBe(7);
  });

  it('names the member whose review came last once every member has reviewed, whatever order the reviews are given in', () => {
    const reviews = [review(12, 2), review(10, 1), review(11, 3)];
    expect(isSetComplete([1, 2, 3], reviews)).toBe(true);
    expect(lastReviewer([1, 2, 3], reviews)).toBe(2);
    expect(isLastReviewer(1, [1, 2, 3], reviews)).toBe(false);
  });

  it('ignores reviews by former members, and counts a member listed twice once', () => {
    expect(membersStillToReview([1, 2, 2], [review(10, 9)])).toEqual([1, 2]);
    // member 9 left the list after reviewing: member 2's review completes the set
    expect(lastReviewer([1, 2], [review(10, 1), review(11, 2), review(12, 9)])).toBe(2);
    expect(isSetComplete([1, 2], [review(10, 1), review(12, 9)])).toBe(false);
  });

  it('moves the last reviewer when a review is recalled and added again', () => {
    // 1 and 2 reviewed (2 last); 1 recalls and reviews again (a newer id): now 1 is last
    expect(lastReviewer([1, 2], [review(10, 1), review(11, 2)])).toBe(2);
    expect(lastReviewer([1, 2], [review(11, 2)])).toBe(1);
    expect(lastReviewer([1, 2], [review(11, 2), review(12, 1)])).toBe(1);
  });
});
