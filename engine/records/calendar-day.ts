/** Today's calendar date where the server runs, as YYYY-MM-DD: what a record's date fields are compared with. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
