import { format } from '@cfworker/json-schema';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** A format of ajv-formats as a test of one string (its definitions are a RegExp, a function or `{ validate }`). */
function stringTest(def: unknown): ((s: string) => boolean) | undefined {
  if (def instanceof RegExp) return (s) => def.test(s);
  if (typeof def === 'function') return (s) => Boolean(def(s));
  if (def && typeof def === 'object' && 'validate' in def && (def as { type?: string }).type !== 'number')
    return stringTest((def as { validate: unknown }).validate);
  return undefined;
}

/**
 * The forms check string formats with the server's own definitions (ajv-formats, full mode), so that a value the form
 * lets through is not refused by the server for its format, nor the other way round: the interpreter alone would take
 * "a@b" as an e-mail address, which the server refuses.
 */
export function adoptServerFormats(): void {
  for (const [name, def] of Object.entries(fullFormats)) {
    const test = stringTest(def);
    if (test) format[name] = test;
  }
}
