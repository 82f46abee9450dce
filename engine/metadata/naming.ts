/** One place for the name conversions between metadata (kebab / camel) and SQL (snake). */
export const kebabToCamel = (s: string): string => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const kebabToSnake = (s: string): string => s.replace(/-/g, '_');
export const camelToSnake = (s: string): string => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
export const quoteIdent = (s: string): string => '"' + s.replace(/"/g, '""') + '"';
/** Words for messages: "business-unit" -> "business unit". */
export const humanize = (s: string): string => s.replace(/-/g, ' ');
