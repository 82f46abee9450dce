import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../server/boot.ts';

/** The specification's facts the tests compare against, kept in docs/spec (see its README). */
export interface SpecRoute {
  path: string;
  module: string;
  seed: '000' | '001' | '002';
  role: 'holder' | 'employee' | 'public';
  redirect?: string;
}
export interface SpecErrorTitle {
  title: string;
  area: string;
  seed: '000' | '001' | '002';
}

const read = <T>(file: string): T => JSON.parse(readFileSync(join(ROOT, 'docs', 'spec', file), 'utf8'));

export const specRoutes: SpecRoute[] = read('routes.json');
export const specErrorTitles: SpecErrorTitle[] = read('error-titles.json');

/** The spec's English error titles of one area, e.g. 'audit'. */
export const specTitlesOf = (area: string): string[] =>
  specErrorTitles.filter((t) => t.area === area).map((t) => t.title);
