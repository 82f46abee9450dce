/** One move of a record into a state, as GET <entity>/<id>/transitions names it (engine/audit/record-transitions.ts). */
export interface StateMove {
  state: string;
  from: string | null;
  action: string;
  doneAt: string;
  doneByName: string | null;
  inPlaceOfName: string | null;
}

/**
 * A state of the stepper: `done` lies before the current one in the workflow's order and was reached, `skipped`
 * lies before it but was never reached (a branch not taken), `current` is where the record stands, `upcoming` after it.
 */
export interface Step {
  state: string;
  status: 'done' | 'skipped' | 'current' | 'upcoming';
  /** the last move into the state, for a done or current one: when and by whom */
  move?: StateMove;
}

/**
 * The workflow's states in their declared order, each placed against the record's state and given the last move into
 * it (a scorecard accepted back to Draft shows when it came back, not when it was added).
 */
export function lifecycleSteps(states: readonly string[], current: string, moves: readonly StateMove[]): Step[] {
  const at = states.indexOf(current);
  const lastInto = new Map<string, StateMove>();
  for (const m of moves) lastInto.set(m.state, m);
  return states.map((state, i) => {
    const move = lastInto.get(state);
    if (i === at) return { state, status: 'current', move };
    if (i < at) return move ? { state, status: 'done', move } : { state, status: 'skipped' };
    return { state, status: 'upcoming' };
  });
}

/**
 * Where a child section stands in its parent's lifecycle (`opensAt`, a state of the parent's workflow): `later` while
 * the parent has not reached that state in the workflow's order, `current` in it, `past` after it; undefined for a
 * section that names no stage (or a parent whose state is not one of the workflow's).
 */
export function sectionStage(
  states: readonly string[] | undefined,
  current: unknown,
  opensAt: string | undefined,
): 'past' | 'current' | 'later' | undefined {
  if (!states || opensAt === undefined) return undefined;
  const at = states.indexOf(String(current));
  const opens = states.indexOf(opensAt);
  if (at < 0 || opens < 0) return undefined;
  return opens > at ? 'later' : opens === at ? 'current' : 'past';
}
