import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchCase } from './bench-cases.ts';
import type { Verdict } from './budgets.ts';
import type { CaseSummary } from './case-summary.ts';

/** One line of the table: a measured case with its verdict, or a skipped one with its reason. */
export type TableRow =
  | { bench: BenchCase; summary: CaseSummary; verdict: Verdict }
  | { bench: BenchCase; db: CaseSummary['db']; skipped: string };

const int = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1));
const pair = (a: string, b: string | null) => (b === null ? a : `${a} / ${b}`);

/** The one table of the run: PostgreSQL rows, then PGlite rows; p50/errors as engine / baseline, p99 also / floor. */
export function formatTable(rows: readonly TableRow[]): string {
  const head = [
    'db',
    'case',
    'engine req/s',
    'baseline req/s',
    'ratio',
    'floor req/s',
    '÷ floor',
    '÷ scoped floor',
    'p50 ms E/B',
    'p99 ms E/B/F',
    'errors E/B',
    'budget',
  ];
  const last = head.length - 1;
  const body = rows.map((r) => {
    if ('skipped' in r)
      return [r.db, r.bench.title, '—', '—', '—', '—', '—', '—', '—', '—', '—', `SKIPPED: ${r.skipped}`];
    const { summary: s, verdict: v } = r;
    const b = s.baseline;
    const f = s.floor;
    return [
      s.db,
      r.bench.title,
      int(s.engine.rps),
      b ? int(b.rps) : '—',
      s.ratio === null ? '—' : s.ratio.toFixed(2),
      f ? int(f.rps) : '—',
      s.floorRatio === null ? '—' : s.floorRatio.toFixed(2),
      s.scopedFloorRatio === null ? '—' : s.scopedFloorRatio.toFixed(2),
      pair(ms(s.engine.p50), b && ms(b.p50)),
      pair(pair(ms(s.engine.p99), b && ms(b.p99)), f && ms(f.p99)),
      pair(String(s.engine.errors), b && String(b.errors)),
      `${v.pass ? 'PASS' : 'FAIL'} (${v.notes.join(', ')})`,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (i === last ? 0 : r[i].length))));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === last ? c : i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const out = [line(head), widths.map((w, i) => '-'.repeat(i === last ? 6 : w)).join('  ')];
  let db = '';
  for (const r of body) {
    if (db && r[0] !== db) out.push('');
    db = r[0];
    out.push(line(r));
  }
  return out.join('\n');
}

/** The run as JSON under bench-results/, named by its start time, so that runs can be compared. */
export function writeResults(root: string, startedAt: Date, report: unknown): string {
  const dir = join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  return file;
}
