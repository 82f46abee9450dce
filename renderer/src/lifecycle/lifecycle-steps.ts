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
 * A state of the stepper: `done` lies before the current one and was reached, `skipped` lies before it but was never
 * reached, `current` is where the record stands, `upcoming` after it and not reached yet, `earlier` reached before but
 * left again by a step back (Submitted, after the approver returned the review to Draft: it keeps its date and says how
 * it was left), `notTaken` an alternative outcome of a decision that went the other way.
 */
export interface Step {
  state: string;
  status: 'done' | 'skipped' | 'current' | 'upcoming' | 'earlier' | 'notTaken';
  /** the last move into the state: when and by whom */
  move?: StateMove;
  /** for an `earlier` state: the move that left it (a return, a decline), by its action */
  leftBy?: StateMove;
}

/** A place of the stepper: one state, or the alternative outcomes of one decision shown side by side. */
export type Place = Step[];

/**
 * The workflow's states in their declared order, placed against the record's state and given the last move into each
 * (a review returned and submitted again shows when it was submitted the second time). Alternative outcomes
 * (`alternatives`, from the workflow) share one place: the one taken marked, the others as not taken.
 */
export function lifecycleSteps(
  states: readonly string[],
  current: string,
  moves: readonly StateMove[],
  alternatives: readonly (readonly string[])[] = [],
): Place[] {
  const groupOf = (s: string) => alternatives.find((g) => g.includes(s));
  const places: string[][] = [];
  for (const s of states) {
    const g = groupOf(s);
    if (!g) places.push([s]);
    else if (g[0] === s) places.push([...g]);
  }
  const at = places.findIndex((p) => p.includes(current));
  const lastInto = new Map<string, number>();
  moves.forEach((m, i) => lastInto.set(m.state, i));
  // the move that left a state after the last time it was reached
  const leftBy = (state: string) => {
    const i = lastInto.get(state);
    return i === undefined ? undefined : moves.slice(i + 1).find((m) => m.from === state);
  };
  return places.map((place, p) =>
    place.map((state): Step => {
      const i = lastInto.get(state);
      const move = i === undefined ? undefined : moves[i];
      if (state === current) return { state, status: 'current', move };
      if (p < at && at >= 0)
        return move ? { state, status: 'done', move } : { state, status: place.length > 1 ? 'notTaken' : 'skipped' };
      if (move) return { state, status: 'earlier', move, leftBy: leftBy(state) };
      return { state, status: p === at ? 'notTaken' : 'upcoming' };
    }),
  );
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
