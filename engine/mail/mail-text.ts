/** Fills the {{name}} placeholders of a mail text; a placeholder without a value stays as written. */
export function fillMailText(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
