import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../engine/db/type-parsers.ts';

/** PostgreSQL's text for a timestamp in a UTC session: "2026-11-23 20:31:13.224567+00", the fraction without trailing zeros. */
function postgresText(ms: number, micros: number, zone: '+00' | ''): string {
  const iso = new Date(ms).toISOString();
  const fraction = String(iso.slice(20, 23) + String(micros).padStart(3, '0')).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? '.' + fraction : ''}${zone}`;
}

describe('timestamps from the database', () => {
  it('reads PostgreSQL text as the instant it names (to the millisecond), for any instant from year 1 to 9999, with or without a zone', () => {
    const instant = fc.integer({
      min: Date.parse('0001-01-01T00:00:00Z'),
      max: Date.parse('9999-12-31T23:59:59.999Z'),
    });
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('+00' as const, '' as const),
        (ms, micros, zone) => {
          expect(parseTimestamp(postgresText(ms, micros, zone))).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('takes other zones and forms through Date', () => {
    expect(parseTimestamp('2026-11-23 20:31:13.5+05:30')).toBe('2026-11-23T15:01:13.500Z');
    expect(parseTimestamp('2026-11-23 01:00:00-08')).toBe('2026-11-23T09:00:00.000Z');
    expect(parseTimestamp('2026-11-23T20:31:13Z')).toBe('2026-11-23T20:31:13.000Z');
  });
});
