import { wordIn } from './i18n/catalogue.ts';
import type { Language } from './metadata/registry.ts';
import type { Text } from './i18n/text.ts';

/**
 * A refused field: `field` is its JSON path (`scores.1.selfScore`), for a form to put the message on it; `message` the
 * words (English until the envelope words `text` in the caller's language). Make one with `fieldProblem`
 * (engine/records/record-validator.ts), which names the field by its label.
 */
export interface FieldError {
  field: string;
  message: string;
  /** the message as a text of metadata/i18n, worded in the caller's language on the way out */
  text?: Text;
}

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'malformed_json'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'not_authenticated'
  | 'forbidden'
  | 'module_disabled'
  | 'not_found'
  | 'stale_version'
  | 'conflict'
  | 'in_use'
  | 'invalid_state'
  | 'outside_window'
  /** a corporate (PM committee) agreement or assessment step outside its window; the screens show the status "Period is closed" from this code */
  | 'period_closed'
  | 'too_many_attempts'
  | 'link_expired'
  | 'already_submitted'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 422,
  malformed_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_authenticated: 401,
  forbidden: 403,
  module_disabled: 403,
  not_found: 404,
  stale_version: 409,
  conflict: 409,
  in_use: 409,
  invalid_state: 409,
  outside_window: 422,
  period_closed: 422,
  too_many_attempts: 429,
  link_expired: 410,
  already_submitted: 409,
  internal: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: readonly FieldError[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
    /** the message as a text of metadata/i18n, worded in the caller's language on the way out */
    readonly text?: Text,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }

  /** A failure whose message is a text (worded in English here, in the caller's language by the envelope). */
  static worded(
    code: ErrorCode,
    text: Text,
    fieldErrors: readonly FieldError[] = [],
    headers: Readonly<Record<string, string>> = {},
  ): AppError {
    return new AppError(code, wordIn('en', text), fieldErrors, headers, text);
  }

  /** A 422 listing every refused field; its message is theirs, joined. */
  static validation(fieldErrors: readonly FieldError[]): AppError {
    return new AppError('validation_failed', joinFieldMessages(fieldErrors), fieldErrors);
  }

  /**
   * The message and field errors in `lang`, with the texts of `messages` (the server's registry): what the envelope
   * sends. A field error without a text keeps its words (and, in the joined message, its path).
   */
  inLanguage(lang: Language, messages?: Parameters<typeof wordIn>[2]): { message: string; fieldErrors: FieldError[] } {
    const fieldErrors = this.fieldErrors.map((f) => ({
      field: f.field,
      message: f.text ? wordIn(lang, f.text, messages) : f.message,
      ...(f.text ? { text: f.text } : {}),
    }));
    const message = this.text
      ? wordIn(lang, this.text, messages)
      : this.code === 'validation_failed' &&
          this.message === joinFieldMessages(this.fieldErrors) &&
          this.fieldErrors.length
        ? joinFieldMessages(fieldErrors)
        : this.message;
    return { message, fieldErrors: fieldErrors.map(({ field, message: m }) => ({ field, message: m })) };
  }
}

/** Field messages as one: a worded one is a sentence naming its field; an older one is prefixed with the field's path. */
function joinFieldMessages(fieldErrors: readonly FieldError[]): string {
  return fieldErrors.map((f) => (f.text || !f.field ? f.message : `${f.field}: ${f.message}`)).join('; ');
}
