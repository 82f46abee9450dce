import type { JsonSchema } from '../metadata/registry.ts';
import { failures, type FailureStatus } from './failure-responses.ts';

/** The reply of a call that succeeded: the envelope with its data. */
export const success = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: ['res', 'data', 'err_msg'],
  properties: { res: { const: 'success' }, data, err_msg: { type: 'null' } },
});

export interface OperationSpec {
  /** stable and readable: `<entity>.<call>` (`employee.list`, `performanceScorecard.approve`), `auth.login` */
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /** true where no token is needed (`security: []`) */
  open?: boolean;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  /** the envelope's data on success (200, JSON) */
  data?: JsonSchema;
  /** responses other than the envelope's (a file, a redirect) */
  responses?: Record<string, JsonSchema>;
  failures: FailureStatus[];
}

/** One operation of the document: its success reply and each refusal it can give. */
export function operation(spec: OperationSpec): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    ...(spec.data && {
      '200': {
        description: 'done: the data under `data`',
        content: { 'application/json': { schema: success(spec.data) } },
      },
    }),
    ...spec.responses,
    ...failures(spec.failures),
  };
  return {
    operationId: spec.operationId,
    tags: spec.tags,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    ...(spec.open && { security: [] }),
    ...(spec.parameters?.length && { parameters: spec.parameters }),
    ...(spec.requestBody && { requestBody: spec.requestBody }),
    responses,
  };
}

/** A JSON request body. */
export const jsonBody = (schema: JsonSchema, required = true): JsonSchema => ({
  required,
  content: { 'application/json': { schema } },
});

export const queryParameter = (
  name: string,
  schema: JsonSchema,
  description?: string,
  required = false,
): JsonSchema => ({ name, in: 'query', required, schema, ...(description && { description }) });

export const pathParameter = (name: string, schema: JsonSchema, description?: string): JsonSchema => ({
  name,
  in: 'path',
  required: true,
  schema,
  ...(description && { description }),
});
