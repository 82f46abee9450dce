import type { JsonSchema } from '../../metadata/registry.ts';
import type { FailureStatus } from '../failure-responses.ts';
import type { RecordShapes } from '../record-schemas.ts';

/**
 * What a hook command answers and takes, for the document: a hook's return value is the reply's data (under the
 * command's data key), which metadata does not declare. One contract per command hook, by the hook's name, in the
 * file of its module here; `npm run check` refuses a hook without one, and the GET sweep (tests/api/openapi-served.test.ts)
 * holds every reply of the demo data to it.
 */
export interface CommandContract {
  /** the hook's return value, as sent under the command's data key */
  reply: JsonSchema;
  /** a GET command without a report block: the query parameters its hook reads */
  query?: Readonly<Record<string, { schema: JsonSchema; required?: boolean; description?: string }>>;
  /** a POST hook without a declared `input`: the body its hook reads */
  body?: JsonSchema;
  /** refusals beyond those of every call of its kind */
  failures?: FailureStatus[];
  description?: string;
}

export type CommandContracts = Readonly<Record<string, CommandContract>>;

/** A module's contracts, written against the shapes of the registry's records. */
export type ContractSet = (records: RecordShapes) => CommandContracts;
