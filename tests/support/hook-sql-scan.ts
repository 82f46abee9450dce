import ts from 'typescript';
import { ENGINE_OWNED_TABLES } from '../../engine/records/engine-owned-tables.ts';

/** Where a table is named at run time (`${quoteIdent(entity.table)}`), the scan sees this. */
export const RUN_TIME = '\u0000';

/** The SQL a source file holds: every string and template literal, a template's substitutions replaced by RUN_TIME. */
function sqlStrings(file: string, source: string): { line: number; sql: string }[] {
  const found: { line: number; sql: string }[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    let sql: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) sql = node.text;
    else if (ts.isTemplateExpression(node))
      sql = node.head.text + node.templateSpans.map((s) => RUN_TIME + s.literal.text).join('');
    if (sql !== undefined) found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, sql });
    // a template's spans are read as part of it
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else for (const span of node.templateSpans) ts.forEachChild(span.expression, visit), visit(span.expression);
  };
  visit(sf);
  return found;
}

/** The tables a statement writes: INSERT INTO, UPDATE … SET, DELETE FROM, TRUNCATE, MERGE INTO (not FOR UPDATE, ON CONFLICT DO UPDATE, ON DELETE). */
export function writtenTables(sql: string): string[] {
  const table = `("?[A-Za-z_][\\w]*"?|${RUN_TIME})`;
  const patterns = [
    new RegExp(`\\bINSERT\\s+INTO\\s+${table}`, 'gi'),
    new RegExp(`(?<!\\bDO\\s+)\\bUPDATE\\s+(?:ONLY\\s+)?${table}(?:\\s+(?:AS\\s+)?\\w+)?\\s+SET\\b`, 'gi'),
    new RegExp(`\\bDELETE\\s+FROM\\s+(?:ONLY\\s+)?${table}`, 'gi'),
    new RegExp(`\\bTRUNCATE\\s+(?:TABLE\\s+)?${table}`, 'gi'),
    new RegExp(`\\bMERGE\\s+INTO\\s+${table}`, 'gi'),
  ];
  return patterns.flatMap((p) => [...sql.matchAll(p)].map((m) => m[1].replace(/"/g, '')));
}

interface RawWrite {
  file: string;
  line: number;
  table: string;
  why: string;
}

/** Every write a hook makes with its own SQL that is not on an engine-owned table: on an entity's table, on one named at run time, or on one nobody excused. */
export function rawEntityWrites(
  files: { file: string; source: string }[],
  entityTables: ReadonlySet<string>,
): RawWrite[] {
  const writes: RawWrite[] = [];
  for (const { file, source } of files)
    for (const { line, sql } of sqlStrings(file, source))
      for (const table of writtenTables(sql)) {
        if (table in ENGINE_OWNED_TABLES) continue;
        const why =
          table === RUN_TIME
            ? 'a table named at run time'
            : entityTables.has(table)
              ? 'an entity’s table'
              : 'a table not in ENGINE_OWNED_TABLES';
        writes.push({ file, line, table: table === RUN_TIME ? '${…}' : table, why });
      }
  return writes;
}
