import { describe, expect, it } from 'vitest';
import { lifecycleSteps, sectionStage, type StateMove } from '../../renderer/src/lifecycle/lifecycle-steps.ts';
import { outcomeGroups } from '../../engine/metadata/lifecycle.ts';

const move = (from: string | null, state: string, doneByName: string, doneAt: string): StateMove => ({
  state,
  from,
  action: from ? 'move' : 'add',
  doneAt,
  doneByName,
  inPlaceOfName: null,
});
const SCORECARD = ['Draft', 'Approved', 'Accepted', 'MidTermAccepted', 'FinalTermAccepted'];
const SUBMISSION = ['Draft', 'Submitted', 'Processed', 'Declined'];

describe('lifecycle steps', () => {
  it('marks the states before the current one done with their last move, and those after it upcoming', () => {
    const steps = lifecycleSteps(SCORECARD, 'Accepted', [
      move(null, 'Draft', 'Nusrat', '2026-01-02T09:00:00Z'),
      move('Draft', 'Approved', 'Tanvir', '2026-01-03T09:00:00Z'),
      // accepted back to Draft and through again: the stepper names the last time each state was reached
      move('Approved', 'Draft', 'Nusrat', '2026-01-04T09:00:00Z'),
      move('Draft', 'Approved', 'Tanvir', '2026-01-05T09:00:00Z'),
      move('Approved', 'Accepted', 'Nusrat', '2026-01-06T09:00:00Z'),
    ]).flat();
    expect(steps.map((s) => [s.state, s.status, s.move?.doneByName, s.move?.doneAt.slice(0, 10)])).toEqual([
      ['Draft', 'done', 'Nusrat', '2026-01-04'],
      ['Approved', 'done', 'Tanvir', '2026-01-05'],
      ['Accepted', 'current', 'Nusrat', '2026-01-06'],
      ['MidTermAccepted', 'upcoming', undefined, undefined],
      ['FinalTermAccepted', 'upcoming', undefined, undefined],
    ]);
  });

  it('says a state before the current one was never reached when a branch skipped it', () => {
    const steps = lifecycleSteps(SUBMISSION, 'Declined', [
      move(null, 'Draft', 'Sabbir', '2026-02-01T09:00:00Z'),
      move('Draft', 'Submitted', 'Sabbir', '2026-02-02T09:00:00Z'),
      move('Submitted', 'Declined', 'Farzana', '2026-02-03T09:00:00Z'),
    ]).flat();
    expect(steps.map((s) => s.status)).toEqual(['done', 'done', 'skipped', 'current']);
  });

  it('keeps a state reached before a step back marked as reached, with its date and the step that left it', () => {
    const REVIEW = ['Draft', 'Submitted', 'Accepted'];
    const moves = [
      move(null, 'Draft', 'Nusrat', '2026-03-01T09:00:00Z'),
      move('Draft', 'Submitted', 'Nusrat', '2026-03-02T09:00:00Z'),
      { ...move('Submitted', 'Draft', 'Tanvir', '2026-03-03T09:00:00Z'), action: 'return' },
    ];
    const steps = lifecycleSteps(REVIEW, 'Draft', moves).flat();
    expect(steps.map((s) => [s.state, s.status, s.move?.doneAt.slice(0, 10), s.leftBy?.action])).toEqual([
      ['Draft', 'current', '2026-03-03', undefined],
      ['Submitted', 'earlier', '2026-03-02', 'return'],
      ['Accepted', 'upcoming', undefined, undefined],
    ]);
  });

  it('draws the outcomes of one decision at one place: the one taken, the other not taken; a decline kept after resubmitting', () => {
    const alternatives = [['Processed', 'Declined']];
    const declined = [
      move(null, 'Draft', 'Sabbir', '2026-02-01T09:00:00Z'),
      move('Draft', 'Submitted', 'Sabbir', '2026-02-02T09:00:00Z'),
      { ...move('Submitted', 'Declined', 'Farzana', '2026-02-03T09:00:00Z'), action: 'decline' },
    ];
    const atDecline = lifecycleSteps(SUBMISSION, 'Declined', declined, alternatives);
    expect(atDecline.map((p) => p.map((s) => `${s.state}:${s.status}`))).toEqual([
      ['Draft:done'],
      ['Submitted:done'],
      ['Processed:notTaken', 'Declined:current'],
    ]);
    const resubmitted = [
      ...declined,
      { ...move('Declined', 'Submitted', 'Sabbir', '2026-02-04T09:00:00Z'), action: 'resubmit' },
    ];
    const again = lifecycleSteps(SUBMISSION, 'Submitted', resubmitted, alternatives);
    expect(again.map((p) => p.map((s) => `${s.state}:${s.status}:${s.move?.doneAt.slice(0, 10) ?? ''}`))).toEqual([
      ['Draft:done:2026-02-01'],
      ['Submitted:current:2026-02-04'],
      ['Processed:upcoming:', 'Declined:earlier:2026-02-03'],
    ]);
    expect(again[2][1].leftBy?.action).toBe('resubmit');
  });

  it('places a section by the stage it opens at against the record’s state', () => {
    const audit = ['Planning', 'Fieldwork', 'Reporting', 'Closed'];
    expect(sectionStage(audit, 'Fieldwork', 'Planning')).toBe('past');
    expect(sectionStage(audit, 'Fieldwork', 'Fieldwork')).toBe('current');
    expect(sectionStage(audit, 'Fieldwork', 'Reporting')).toBe('later');
    // a section that names no stage, or a parent without a workflow, stays as it is
    expect(sectionStage(audit, 'Fieldwork', undefined)).toBeUndefined();
    expect(sectionStage(undefined, undefined, 'Planning')).toBeUndefined();
  });
});

describe('alternative outcomes of a workflow', () => {
  const move = (from: string[], to: string) => ({ from, to });
  it('groups the states reached forward from one state with no transition between them; not a step, not a step back', () => {
    // a compliance submission: processed or declined, a declined one resubmitted
    expect(
      outcomeGroups(SUBMISSION, [
        move(['Draft'], 'Submitted'),
        move(['Submitted'], 'Processed'),
        move(['Submitted'], 'Declined'),
        move(['Declined'], 'Submitted'),
      ]),
    ).toEqual([['Processed', 'Declined']]);
    // a resolution: In Progress leads on to Completed, so it is a step; Completed and Cancelled are the outcomes
    expect(
      outcomeGroups(
        ['Open', 'In Progress', 'Completed', 'Cancelled'],
        [
          move(['Open'], 'In Progress'),
          move(['Open', 'In Progress'], 'Completed'),
          move(['Open', 'In Progress'], 'Cancelled'),
          move(['Completed', 'Cancelled'], 'In Progress'),
        ],
      ),
    ).toEqual([['Completed', 'Cancelled']]);
    // a review returned to Draft: the return is a step back, not an outcome beside Accepted
    expect(
      outcomeGroups(
        ['Draft', 'Submitted', 'Accepted'],
        [move(['Draft'], 'Submitted'), move(['Submitted'], 'Accepted'), move(['Submitted'], 'Draft')],
      ),
    ).toEqual([]);
  });
});
