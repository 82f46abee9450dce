/**
 * The list filters that keep a reference select to the records matching the form (`x-refMatch`: a risk category of
 * the risk's kind): each of the referenced entity's fields set to the form's value, once the form has one.
 */
export function refMatchQuery(schema: { 'x-refMatch'?: Record<string, string> } | undefined, formData: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [theirs, ours] of Object.entries(schema?.['x-refMatch'] ?? {})) {
    const v = formData[ours];
    if (typeof v === 'string' || typeof v === 'number') out[theirs] = v;
  }
  return out;
}
