/**
 * Where a form returns on Save and Cancel: the screen it was opened from, carried in the link's history state. The
 * screen's own state goes along (`fromState`), so that going back to it restores where *it* came from: a task opened from
 * its milestone opened from its project returns to the milestone, whose Cancel then still returns to the project.
 */
export interface CameFrom {
  from: string;
  fromState?: unknown;
}

/** The state a link puts on the form it opens: this screen's address and the state it was itself opened with. */
export function cameFrom(pathname: string, search: string, state: unknown): CameFrom {
  return { from: pathname + search, fromState: state ?? undefined };
}

/** The screen a form was opened from, and the state to go back to it with; none when it was opened directly. */
export function returnTo(state: unknown): CameFrom | undefined {
  const s = state as Partial<CameFrom> | null | undefined;
  return typeof s?.from === 'string' ? { from: s.from, fromState: s.fromState } : undefined;
}
