/** AG Grid's filter model in the API's query language: contains -> field[like], equals -> field, ranges -> [gte]/[lte]. */
type Condition = {
  filterType: string;
  type: string;
  filter?: string | number;
  filterTo?: number;
  dateFrom?: string | null;
  dateTo?: string | null;
};

export function filterModelToQuery(model: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, raw] of Object.entries(model)) {
    const c = raw as Condition;
    const value = c.filterType === 'date' ? c.dateFrom?.slice(0, 10) : c.filter;
    if (value === undefined || value === null || value === '') continue;
    switch (c.type) {
      case 'contains':
        out[`${field}[like]`] = String(value);
        break;
      case 'equals':
        out[field] = String(value);
        break;
      case 'notEqual':
        out[`${field}[ne]`] = String(value);
        break;
      case 'greaterThan':
        out[`${field}[gt]`] = String(value);
        break;
      case 'greaterThanOrEqual':
        out[`${field}[gte]`] = String(value);
        break;
      case 'lessThan':
        out[`${field}[lt]`] = String(value);
        break;
      case 'lessThanOrEqual':
        out[`${field}[lte]`] = String(value);
        break;
      case 'inRange':
        out[`${field}[gte]`] = String(value);
        out[`${field}[lte]`] = String(c.filterType === 'date' ? c.dateTo?.slice(0, 10) : c.filterTo);
        break;
    }
  }
  return out;
}
