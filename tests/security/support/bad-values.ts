import fc from 'fast-check';
import type { FieldDef } from '../../../engine/metadata/registry.ts';

/** A value of another JSON type than the field's: what a confused or hostile client sends. */
export function wrongTypeValue(f: FieldDef): fc.Arbitrary<unknown> {
  const all: [FieldDef['type'], fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 20 })],
    ['integer', fc.integer()],
    ['number', fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n))],
    ['boolean', fc.boolean()],
    ['object', fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.integer(), { minKeys: 1, maxKeys: 3 })],
    ['array', fc.array(fc.integer(), { minLength: 1, maxLength: 3 })],
  ];
  // an integer is also a number; a field of type number takes integers
  const compatible = (t: FieldDef['type']) => t === f.type || (f.type === 'number' && t === 'integer');
  return fc.oneof(...all.filter(([t]) => !compatible(t)).map(([, a]) => a));
}

/** Dates that are not dates: impossible days, other formats, words, out-of-range years. */
export const invalidDate = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2025-02-29',
    '31/12/2026',
    '2026-1-1',
    'yesterday',
    '2026-12-31T25:00:00Z',
    '',
    '0000-00-00',
    '20260101',
    '2026-12-31; DROP TABLE employee',
  ),
  fc
    .tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${m}-${String(d).padStart(2, '0')}`),
);

/** Numbers past what a field declares, or past what storage can hold: below its minimum, above its maximum, beyond 64-bit integers. */
export function outOfRangeNumber(f: FieldDef): fc.Arbitrary<number> | null {
  const s = f.schema as { minimum?: number; maximum?: number };
  const options: fc.Arbitrary<number>[] = [];
  if (s.minimum !== undefined)
    options.push(
      fc
        .double({ min: -1e12, max: s.minimum - 1e-6, noNaN: true })
        .map((n) => (f.type === 'integer' ? Math.floor(n) - 1 : n)),
    );
  if (s.maximum !== undefined)
    options.push(
      fc
        .double({ min: s.maximum + 1e-6, max: 1e12, noNaN: true })
        .map((n) => (f.type === 'integer' ? Math.ceil(n) + 1 : n)),
    );
  if (f.type === 'integer')
    options.push(fc.constantFrom(2 ** 63, -(2 ** 63) - 4096, 1e19, 1e30, -1e30, Number.MAX_SAFE_INTEGER + 2));
  return options.length ? fc.oneof(...options) : null;
}

/** Strings that are data, not code: they must be stored and returned exactly, never run or mangled. */
export const hostileText = fc.constantFrom(
  `'; DROP TABLE employee; --`,
  `" OR 1=1 --`,
  `Robert'); DELETE FROM audit_trail WHERE ('1'='1`,
  `1; SELECT pg_sleep(5)`,
  `<script>alert('x')</script>`,
  `<img src=x onerror="alert(1)">`,
  `"><svg onload=alert(1)>`,
  `javascript:alert(document.cookie)`,
  `{{constructor.constructor('alert(1)')()}}`,
  `\${7*7} #{7*7} %s %n`,
  `../../../../etc/passwd`,
  `שלום مرحبا 你好 🙂 ﷽`,
  `back\\slash "quote" 'apostrophe' \`tick\``,
  `line\nbreak\ttab\r\n`,
);

/** File names that try to climb out of wherever a file might be written, or carry control characters (a line break is sent %0A-escaped by FormData, so it is not among them). */
export const traversalName = fc.oneof(
  fc.constantFrom(
    '../../etc/passwd',
    '..\\..\\windows\\system32\\config\\sam',
    '/etc/shadow',
    'C:\\boot.ini',
    'logo/../../../x.png',
    './.env',
    'a\u0000.png',
    '..',
    '.',
  ),
  fc
    .tuple(
      fc.array(fc.constantFrom('..', '.', 'etc', 'tmp'), { minLength: 1, maxLength: 4 }),
      fc.constantFrom('/', '\\'),
    )
    .map(([parts, sep]) => [...parts, 'x.png'].join(sep)),
);
