/** Today's calendar date where the server runs (YYYY-MM-DD): what "today" means to a workflow's conditions and stamps. */
export function calendarToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
