/** A failure that reaches the caller: HTTP status, a stable code (clients branch on it, never on text), and a message that names the problem. */
export interface FieldError {
  field: string;
  message: string;
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
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }

  static validation(fieldErrors: readonly FieldError[]): AppError {
    return new AppError('validation_failed', fieldErrors.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; '), fieldErrors);
  }
}
