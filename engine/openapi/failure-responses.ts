import type { ErrorCode } from '../app-error.ts';
import type { JsonSchema } from '../metadata/registry.ts';

/** The HTTP status of each refusal the API gives, with the codes (`code` in the envelope) it gives under it (engine/app-error.ts). */
const CODES_BY_STATUS = {
  400: ['bad_request', 'malformed_json'],
  401: ['not_authenticated'],
  403: ['forbidden', 'module_disabled'],
  404: ['not_found'],
  409: ['stale_version', 'conflict', 'in_use', 'invalid_state', 'already_submitted'],
  410: ['link_expired'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['validation_failed', 'outside_window', 'period_closed'],
  429: ['too_many_attempts'],
  500: ['internal'],
} as const satisfies Record<number, readonly ErrorCode[]>;

export type FailureStatus = keyof typeof CODES_BY_STATUS;

const WHAT: Record<FailureStatus, string> = {
  400: 'the call itself is wrong: malformed JSON, a parameter of the wrong form, a company not named (holder)',
  401: 'no token, or a token that is not valid (any more)',
  403: 'the caller may not do this, or the module is not enabled for the company',
  404: 'no such record, or none the caller’s company has',
  409: 'the record changed since it was read (stale_version), is in a state that does not allow this, is still referred to, or conflicts with another',
  410: 'the link has expired',
  413: 'the body or the file is too large',
  415: 'the file is not of a type this call takes, or the body is not multipart/form-data',
  422: 'a value is refused: `errors` names each field and the problem',
  429: 'too many failed sign-ins for this e-mail: wait the seconds Retry-After gives',
  500: 'something went wrong on the server; it has been logged',
};

/** The envelope of every refusal: `err_msg` in the caller's language, a stable `code`, and the refused fields. */
export const failureSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['res', 'data', 'err_msg', 'code'],
  properties: {
    res: { const: 'failed' },
    data: { type: 'null' },
    err_msg: { type: 'string', description: 'what went wrong, in the caller’s language (Accept-Language, or ?lang=)' },
    code: { enum: Object.values(CODES_BY_STATUS).flat() },
    errors: {
      type: 'array',
      description: 'validation_failed: each refused field by its JSON path, with the message naming it by its label',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** The name of the shared response of a refusal status (`components.responses`). */
const responseName = (status: FailureStatus) => `Refused${status}`;

/** One response per refusal status, each with the codes that can come with it; operations refer to them. */
export function failureResponses(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const status of Object.keys(CODES_BY_STATUS).map(Number) as FailureStatus[]) {
    const schema = {
      allOf: [{ $ref: '#/components/schemas/Failure' }],
      properties: { code: { enum: [...CODES_BY_STATUS[status]] } },
    };
    out[responseName(status)] = {
      description: WHAT[status],
      ...(status === 429 && {
        headers: {
          'Retry-After': {
            description: 'seconds until the e-mail may try again',
            required: true,
            schema: { type: 'integer', minimum: 1 },
          },
        },
      }),
      content: { 'application/json': { schema } },
    };
  }
  return out;
}

/** The responses of the refusals a route gives, by status. */
export function failures(statuses: Iterable<FailureStatus>): Record<string, JsonSchema> {
  return Object.fromEntries(
    [...new Set(statuses)]
      .sort((a, b) => a - b)
      .map((status) => [String(status), { $ref: `#/components/responses/${responseName(status)}` }]),
  );
}
