import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { ROOT } from '../../server/boot.ts';

/**
 * Every message a person can meet is a text of metadata/i18n, worded in the caller's language (AppError.worded,
 * fieldProblem, wordedProblem). English written into the code is allowed only where nobody using the product can
 * meet it, each place named here with why. A new `new AppError(code, 'English…')` or `{ field, message: 'English…' }`
 * elsewhere fails this test.
 */
const ENGLISH_ALLOWED: { file: string; starts: string; why: string }[] = [
  // internal errors: a bug or a broken installation, logged; the envelope answers a worded 500 for anything unexpected
  {
    file: 'engine/records/record-columns.ts',
    starts: '${f.name} is stored encrypted',
    why: 'internal: a call without the secret key is a bug',
  },
  {
    file: 'engine/records/list-query.ts',
    starts: 'No filter hook',
    why: 'internal: metadata names a filter hook the code lacks',
  },
  {
    file: 'engine/records/bulk-writes.ts',
    starts: 'Bulk write misused',
    why: 'internal: a hook calls the bulk writes outside what they serve',
  },
  {
    file: 'engine/auth/secret-box.ts',
    starts: 'A stored secret is not in the sealed form',
    why: 'internal: a corrupt stored secret',
  },
  // the shape of a call, which the screens always send right: for developers of API clients, in the API's language
  {
    file: 'engine/records/list-query.ts',
    starts: '',
    why: 'list query syntax: filters, operators, sort, paging parameters',
  },
  { file: 'engine/records/record-store.ts', starts: 'Name the company', why: 'holder API call without ?companyId=' },
  {
    file: 'engine/access/pickable-employees.ts',
    starts: 'pickableFor names <entity>.<field>',
    why: 'list query syntax: ?pickableFor= naming no employee reference (the forms send their own field)',
  },
  {
    file: 'engine/records/record-store.ts',
    starts: '${entity.name} records belong to no employee',
    why: '?owner= on an entity without owner',
  },
  { file: 'engine/records/record-store.ts', starts: 'owner', why: '?owner= syntax' },
  { file: 'engine/records/record-store.ts', starts: 'id must be a positive whole number', why: 'body shape: id' },
  {
    file: 'engine/records/record-store.ts',
    starts: 'is not changed by ${action}',
    why: 'body shape: a patch command given other fields',
  },
  {
    file: 'engine/records/record-store.ts',
    starts: 'is not used by delete',
    why: 'body shape: delete given more than id',
  },
  { file: 'engine/records/record-validator.ts', starts: 'The body must be a JSON object', why: 'body shape' },
  { file: 'engine/records/command-runner.ts', starts: 'Send the ids', why: 'body shape: bulk delete' },
  { file: 'engine/records/command-runner.ts', starts: 'At most ${MAX_BULK}', why: 'body shape: bulk delete size' },
  {
    file: 'engine/records/command-runner.ts',
    starts: 'must be a positive whole number',
    why: 'body shape: bulk delete ids',
  },
  {
    file: 'engine/records/command-runner.ts',
    starts: 'names a record more than once',
    why: 'body shape: bulk delete ids',
  },
  {
    file: 'engine/records/command-runner.ts',
    starts: 'Send the file as multipart/form-data',
    why: 'body shape: upload and attach',
  },
  { file: 'engine/records/command-runner.ts', starts: 'id must be a positive whole number', why: 'body shape: upload' },
  {
    file: 'engine/records/command-runner.ts',
    starts: 'is not taken by ${action}',
    why: 'body shape: a transition given other fields',
  },
  { file: 'engine/records/bulk-add.ts', starts: 'Send the records to add', why: 'body shape: bulk add' },
  { file: 'engine/records/bulk-add.ts', starts: 'At most ${MAX_BULK}', why: 'body shape: bulk add size' },
  { file: 'engine/records/bulk-add.ts', starts: 'is not taken by a bulk add', why: 'body shape: bulk add' },
  { file: 'engine/records/bulk-add.ts', starts: 'must be true or false', why: 'body shape: dryRun' },
  { file: 'engine/records/bulk-add.ts', starts: 'must be an id, or {', why: 'body shape: a lookup' },
  // the import screen recognises these words and says them in the user's language itself (renderer/src/custom/import/server-errors.ts)
  { file: 'engine/records/bulk-add.ts', starts: 'is the same as item', why: 'worded by the import screen' },
  { file: 'engine/records/bulk-add.ts', starts: 'is already taken', why: 'worded by the import screen' },
  {
    file: 'engine/records/bulk-add.ts',
    starts: 'no ${humanize(f.ref!)} with that id',
    why: 'worded by the import screen (a row that names no record)',
  },
  { file: 'engine/records/bulk-add.ts', starts: 'names this item itself', why: 'worded by the import screen' },
  { file: 'engine/records/bulk-add.ts', starts: 'names item ${item}', why: 'worded by the import screen' },
  {
    file: 'engine/records/bulk-add.ts',
    starts: 'no ${humanize(target.name)} has the',
    why: 'worded by the import screen',
  },
  {
    file: 'engine/hooks/organisation/employee-account.ts',
    starts: 'is already the sign-in of another user',
    why: 'worded by the import screen',
  },
  // report and list parameters of hook commands: query syntax, as the list query's
  { file: 'engine/reports/report-parameters.ts', starts: '', why: 'report query parameters' },
  { file: 'engine/hooks/performance/monthly-progress/report-filters.ts', starts: '', why: 'report query parameters' },
  { file: 'engine/hooks/performance/quality-assurance/qa-query.ts', starts: '', why: 'list query parameters' },
  {
    file: 'engine/hooks/performance/quality-assurance/qa-subjects.ts',
    starts: 'name exactly one subject',
    why: 'body shape: the subject of a QA command',
  },
  {
    file: 'engine/hooks/performance/scorecard-scores.ts',
    starts: 'name either annualPlanId',
    why: 'report query parameters',
  },
  { file: 'engine/hooks/performance/scorecard-access.ts', starts: 'is required: the scorecard', why: 'body shape: id' },
  {
    file: 'engine/hooks/compliance-management/required-actions.ts',
    starts: 'limit must be at least 1',
    why: 'list query parameters',
  },
  {
    file: 'engine/hooks/risk-management/risk-heat-map.ts',
    starts: 'limit must be at least 1',
    why: 'list query parameters',
  },
  {
    file: 'engine/public-flows/public-flow-service.ts',
    starts: 'No public flow named',
    why: 'an address no page links to',
  },
  {
    file: 'engine/public-flows/public-flow-service.ts',
    starts: 'must be one of the questions',
    why: 'body shape: the public page sends its own questions',
  },
  { file: 'engine/public-flows/public-flow-service.ts', starts: 'is set by the link', why: 'body shape' },
  { file: 'server/request-body.ts', starts: '', why: 'body shape: JSON and multipart' },
  { file: 'server/call-runner.ts', starts: 'companyId must be a whole number', why: 'holder API parameter syntax' },
  { file: 'server/app.ts', starts: 'No such address', why: 'an address no page links to' },
  { file: 'server/routes/meta-routes.ts', starts: 'No texts for', why: 'an address no page links to' },
  { file: 'server/routes/auth-routes.ts', starts: 'is not a known field', why: 'body shape' },
  {
    file: 'server/routes/auth-routes.ts',
    starts: 'must be one of ${LANGUAGES',
    why: 'body shape: the language switch sends one of its own',
  },
  { file: 'server/routes/sso-routes.ts', starts: 'must be ${PURPOSES', why: 'body shape' },
  { file: 'server/routes/sso-routes.ts', starts: 'is not a known field', why: 'body shape' },
  { file: 'server/routes/reminder-routes.ts', starts: 'is not a known field', why: 'body shape (holder API)' },
  { file: 'server/routes/reminder-routes.ts', starts: 'must be a date as YYYY-MM-DD', why: 'body shape (holder API)' },
  { file: 'server/routes/report-export-routes.ts', starts: 'must be csv or xlsx', why: 'report query parameters' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'generated' ? [] : sourceFiles(p);
    return /\.ts$/.test(f) ? [p] : [];
  });
}

/** The text of a call's arguments from the opening parenthesis at `open`, strings and template literals skipped over. */
function argumentsAt(src: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(src.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(src.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

const literal = (arg: string | undefined): string | null =>
  arg && /^['"`]/.test(arg) ? arg.slice(1, arg.endsWith(arg[0]) ? -1 : undefined) : null;

/** English written into the code where a person could meet it: file and the message's first words. */
function englishMessages(): { file: string; line: number; message: string }[] {
  const found: { file: string; line: number; message: string }[] = [];
  const files = [...sourceFiles(join(ROOT, 'engine')), ...sourceFiles(join(ROOT, 'server'))].filter(
    (f) => !f.includes(`${join('engine', 'metadata')}`),
  );
  for (const path of files) {
    const file = relative(ROOT, path).split('\\').join('/');
    if (file === 'engine/app-error.ts') continue;
    const src = readFileSync(path, 'utf8');
    const lineOf = (at: number) => src.slice(0, at).split('\n').length;
    for (const m of src.matchAll(/new AppError\(/g)) {
      const args = argumentsAt(src, m.index! + m[0].length - 1);
      // a message with its text (the fifth argument) is worded in the caller's language
      const message = literal(args[1]);
      if (message !== null && args.length < 5) found.push({ file, line: lineOf(m.index!), message });
    }
    // a field error's own words: `{ field, message: 'English' }`, also as one side of a condition
    for (const m of src.matchAll(/\bmessage:\s+/g)) {
      const value = argumentsAt(`(${src.slice(m.index! + m[0].length)}`, 0)[0];
      const first = /^['"`]|\?\s*['"`]/.exec(value);
      if (first)
        found.push({
          file,
          line: lineOf(m.index!),
          message: value.slice(first.index + first[0].length, first.index + first[0].length + 60),
        });
    }
  }
  return found;
}

describe('messages in the caller\u2019s language', () => {
  it('writes no English message into the engine or the server but where nobody using the product meets it', () => {
    const allowed = (f: { file: string; message: string }) =>
      ENGLISH_ALLOWED.some((a) => a.file === f.file && f.message.startsWith(a.starts));
    expect(
      englishMessages()
        .filter((f) => !allowed(f))
        .map((f) => `${f.file}:${f.line} ${f.message}`),
    ).toEqual([]);
  });

  it('finds English where it is written: the check itself can fail', () => {
    expect(argumentsAt(`new AppError('conflict', \`a, \${b(c, d)}\`, [], {}, text('k'))`, 12)).toHaveLength(5);
    const english = `throw new AppError('invalid_state', 'This is English');`;
    expect(literal(argumentsAt(english, english.indexOf('('))[1])).toBe('This is English');
    const worded = `throw AppError.worded('invalid_state', text('refusal.x'));`;
    expect(literal(argumentsAt(worded, worded.indexOf('('))[1])).toBeNull();
  });

  it('names an exception only where English is still written', () => {
    const found = englishMessages();
    const stale = ENGLISH_ALLOWED.filter(
      (a) => !found.some((f) => f.file === a.file && f.message.startsWith(a.starts)),
    );
    expect(stale.map((a) => `${a.file}: ${a.starts}`)).toEqual([]);
  });

  it('has every text the engine and the server name in en, bn and de', () => {
    const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
    const keys = new Set<string>();
    for (const path of [...sourceFiles(join(ROOT, 'engine')), ...sourceFiles(join(ROOT, 'server'))])
      for (const m of readFileSync(path, 'utf8').matchAll(/'((?:refusal|validation)\.[A-Za-z0-9.]+)'/g)) keys.add(m[1]);
    // keys made from a name: each of their names
    for (const a of ['read', 'add', 'update', 'delete', 'share']) keys.add(`refusal.access.${a}`);
    for (const w of ['agreement', 'assessment', 'pmAgreement', 'pmAssessment']) keys.add(`refusal.window.${w}`);
    expect(keys.size).toBeGreaterThan(200);
    for (const lang of ['en', 'bn', 'de'] as const) {
      const has = (k: string) => k in registry.messages[lang] || `${k}_one` in registry.messages[lang];
      expect([...keys].filter((k) => !has(k)).map((k) => `${lang} ${k}`)).toEqual([]);
    }
  });
});
