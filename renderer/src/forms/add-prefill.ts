type Row = Record<string, unknown>;

/**
 * What an add form holds once its prefill (the parent it was opened from, the screen's preset, the caller as owner)
 * is known: the prefill, with every value the user has typed meanwhile kept over it, except the fields the screen
 * fixes (`fixed`, its preset), which are not the user's to type. A prefill that arrives after the first keystrokes
 * thus fills the form in without wiping them.
 */
export function mergePrefill(prefill: Row, typed: Row, fixed: readonly string[]): Row {
  const kept = Object.entries(typed).filter(([k, v]) => v !== undefined && v !== '' && !fixed.includes(k));
  return { ...prefill, ...Object.fromEntries(kept) };
}

/** Whether two form states hold the same values (a restart that would change nothing is left out: it remounts the form). */
export const sameValues = (a: Row, b: Row): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => a[k] !== undefined || b[k] !== undefined));
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
};
