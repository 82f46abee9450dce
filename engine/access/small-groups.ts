/**
 * Figures over a group of people (a unit's average score, a department's monthly progress) tell about the people in
 * it: a group of one is that person's figure, and a caller who may read all but one or two of a group works theirs
 * out. So a group's figures are shown to a caller only when every person in it is one the caller may read, or at
 * least MIN_GROUP are not, as the 360-degree result hides a rater group of fewer than three.
 */
export const MIN_GROUP = 3;

/**
 * SQL: how many distinct people (`person`, a column) of a group the caller may not read, to be taken with the
 * group's aggregates; `readable` is the caller's row condition (`recordRoleWhere`), null when the caller reads every row.
 */
export const unreadablePeopleSql = (readable: string | null, person: string): string =>
  readable === null ? '0' : `count(DISTINCT ${person}) FILTER (WHERE (${readable}) IS NOT TRUE)::int`;

/** Whether a group's figures are withheld from the caller: some of its people are not theirs to read, and fewer than MIN_GROUP. */
export const hiddenGroup = (unreadable: number): boolean => unreadable > 0 && unreadable < MIN_GROUP;
