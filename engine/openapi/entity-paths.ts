import { MAX_OFFSET } from '../records/list-query.ts';
import { lifecycleOf } from '../metadata/lifecycle.ts';
import { kebabToCamel as camel } from '../metadata/naming.ts';
import type { CommandDef, EntityDef, JsonSchema, Registry, Role } from '../metadata/registry.ts';
import type { CommandContract } from './command-contracts/command-contract.ts';
import type { FailureStatus } from './failure-responses.ts';
import { jsonBody, operation, pathParameter, queryParameter, type OperationSpec } from './operations.ts';
import { componentName, dryRunRow, recordRef, writableProperties } from './record-schemas.ts';
import { dateTime, integer, listOf, object, orNull, text } from './schema-shapes.ts';

/** A page of a record's audit trail (engine/audit/record-history.ts). */
const HISTORY_PAGE = object({
  entries: listOf(
    object(
      {
        id: integer,
        action: text,
        actionLabel: { type: 'string', description: "the i18n key of the action's words, else the action" },
        doneAt: dateTime,
        doneByName: orNull(text),
        inPlaceOfName: orNull(text),
        changed: listOf(text),
        child: {
          description: 'a write to a record of a child collection (a KPI of a scorecard): its entity and title',
          ...object({ entity: text, title: text }),
        },
      },
      ['child'],
    ),
  ),
  total: integer,
  limit: integer,
  offset: integer,
});
/** A record's state moves (engine/audit/record-transitions.ts). */
const STATE_MOVES = listOf(
  object({
    state: text,
    from: orNull(text),
    action: {
      type: 'string',
      description: "the trail entry's action: add, a transition, or the write that moved the state",
    },
    doneAt: dateTime,
    doneByName: orNull(text),
    inPlaceOfName: orNull(text),
  }),
);
import type { EnglishTexts } from './english-titles.ts';

/** Every authenticated call: a bad token or none (401), a malformed companyId or none where one is needed (400), refused access (403). */
const CALL: FailureStatus[] = [400, 401, 403, 500];
/** A POST with a JSON body: malformed (400), too large (413). */
const BODY: FailureStatus[] = [400, 413];
/** A write: the record's id unknown (404), its version stale or its state wrong or a unique value taken (409), a value refused (422). */
const WRITE: FailureStatus[] = [...CALL, ...BODY, 404, 409, 422];

/** ?companyId=: the holder names the company a call is about (components.parameters). */
export const companyIdParameter = queryParameter(
  'companyId',
  { type: 'integer', minimum: 1 },
  'the holder only: the company whose records the call is about (employees always work in their own)',
);
const companyParameter = { $ref: '#/components/parameters/companyId' };

/** Who may make a call, for its description. */
const rolesText = (roles: readonly Role[]) =>
  roles.length ? `Who may: ${roles.join(', ')}.` : 'Nobody may: the call is always refused (403).';

/** The paths of one entity: list, read, add, update, delete, its commands (and their exports) and its transitions. */
export function entityPaths(
  _registry: Registry,
  entity: EntityDef,
  contracts: Readonly<Record<string, CommandContract>>,
  english: EnglishTexts,
): Record<string, JsonSchema> {
  const base = `/api/v1/${entity.name}`;
  const id = camel(entity.name);
  const label = english.of(entity.label, entity.name);
  const tags = [entity.module];
  const { list: listKey, item: itemKey } = entity.dataKeys;
  const paths: Record<string, JsonSchema> = {};
  const op = (spec: Omit<OperationSpec, 'tags'> & { roles: readonly Role[] }) => {
    const { roles, ...rest } = spec;
    // a call nobody may make answers only its refusals
    return operation({
      ...rest,
      tags,
      description: [rest.description, rolesText(roles)].filter(Boolean).join('\n\n'),
      ...(roles.length ? {} : { data: undefined, responses: undefined }),
    });
  };
  const item = (schema: JsonSchema) => object({ [itemKey]: schema });

  for (const c of entity.commands) {
    const contract = c.kind === 'hook' ? (contracts[c.hook!] ?? undescribed(c.hook!)) : undefined;
    const summary = `${english.action(c.name)} (${label})`;
    const data = object({ [c.dataKey]: commandReply(entity, c, contract) });
    if (c.method === 'GET') {
      const parameters = [
        companyParameter,
        ...(c.report
          ? reportParameters(c)
          : Object.entries(contract?.query ?? {}).map(([name, p]) =>
              queryParameter(name, p.schema, p.description, p.required),
            )),
      ];
      paths[`${base}/${c.name}`] = {
        get: op({
          operationId: `${id}.${camel(c.name)}`,
          summary,
          description: contract?.description,
          roles: c.access,
          parameters,
          data,
          failures: [...CALL, 404, 422, ...(contract?.failures ?? [])],
        }),
      };
      if (c.report)
        paths[`${base}/${c.name}/export`] = {
          get: op({
            operationId: `${id}.${camel(c.name)}Export`,
            summary: `${summary}: export`,
            description: 'Every row of the report (not a page) as a file, its column titles in the language of `lang`.',
            roles: c.access,
            parameters: [
              ...parameters,
              queryParameter('format', { enum: ['csv', 'xlsx'], default: 'csv' }),
              queryParameter('lang', { enum: ['en', 'bn', 'de'], default: 'en' }, 'the language of the column titles'),
            ],
            responses: {
              '200': {
                description: 'the report as a file (Content-Disposition: attachment)',
                headers: {
                  'Content-Disposition': {
                    schema: { type: 'string' },
                    description: 'attachment; filename="<report>.<format>"',
                  },
                },
                content: {
                  'text/csv': { schema: { type: 'string' } },
                  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                    schema: {
                      type: 'string',
                      contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                    },
                  },
                },
              },
            },
            failures: [...CALL, 404, 422, ...(contract?.failures ?? [])],
          }),
        };
    } else {
      const file = c.kind === 'upload' || c.kind === 'attach';
      paths[`${base}/${c.name}`] = {
        post: op({
          operationId: `${id}.${camel(c.name)}`,
          summary,
          description: contract?.description,
          roles: c.access,
          parameters: [companyParameter],
          requestBody: commandBody(entity, c, contract),
          data,
          failures: [...WRITE, ...(file ? ([415] as const) : []), ...(contract?.failures ?? [])],
        }),
      };
    }
  }
  for (const t of entity.workflow?.transitions ?? []) {
    const roles = (t.access ?? entity.access.update) as Role[];
    const properties: Record<string, JsonSchema> = {
      id: { type: 'integer', minimum: 1 },
      version: { type: 'integer', minimum: 1, description: 'when sent, must be the stored one (else 409)' },
    };
    for (const f of t.requires ?? []) properties[f] = entity.field.get(f)!.schema;
    paths[`${base}/${t.action}`] = {
      post: op({
        operationId: `${id}.${camel(t.action)}`,
        summary: `${english.action(t.action)} (${label})`,
        description: `Moves the record from ${t.from.join(' or ')} to ${t.to}.`,
        roles,
        parameters: [companyParameter],
        requestBody: jsonBody({
          type: 'object',
          additionalProperties: false,
          required: ['id', ...(t.requires ?? [])],
          properties,
        }),
        data: item(recordRef.withAllowed(entity)),
        failures: WRITE,
      }),
    };
  }
  paths[base] = {
    get: op({
      operationId: `${id}.list`,
      summary: `List: ${label}`,
      description: `A page of records in the list's order. Filters take operators too: \`?field[ne|gt|gte|lt|lte|like|in]=value\`.`,
      roles: entity.access.read,
      parameters: listParameters(entity),
      data: object({
        [listKey]: { type: 'array', items: recordRef.withAllowed(entity) },
        total: { type: 'integer', minimum: 0, description: 'the matches, counted up to 10,000 (see totalCapped)' },
        totalCapped: { type: 'boolean', description: 'there are more than 10,000 matches and total is that cap' },
        limit: integer,
        offset: integer,
        allowed: object({ add: { type: 'boolean', description: 'the caller may add a record here' } }),
      }),
      failures: [...CALL, 404],
    }),
  };
  paths[`${base}/{id}`] = {
    get: op({
      operationId: `${id}.read`,
      summary: `Read one: ${label}`,
      description: entity.children.length ? `With its ${entity.children.map((c) => c.key).join(', ')}.` : undefined,
      roles: entity.access.read,
      parameters: [companyParameter, pathParameter('id', { type: 'integer', minimum: 1 })],
      data: item(recordRef.detail(entity)),
      failures: [...CALL, 404],
    }),
  };
  paths[`${base}/{id}/history`] = {
    get: op({
      operationId: `${id}.history`,
      summary: `History of one: ${label}`,
      description:
        'The audit trail of the record, newest first: who, when, what, the fields changed and, where an administrator took a step the record names another employee for, in place of whom. For whoever may read the record.',
      roles: entity.access.read,
      parameters: [
        companyParameter,
        pathParameter('id', { type: 'integer', minimum: 1 }),
        queryParameter('limit', { type: 'integer', minimum: 1 }, 'entries per page (20 unless given)'),
        queryParameter('offset', { type: 'integer', minimum: 0 }, 'entries to skip'),
      ],
      data: object({ history: HISTORY_PAGE }),
      failures: [...CALL, 404],
    }),
  };
  if (lifecycleOf(entity))
    paths[`${base}/{id}/transitions`] = {
      get: op({
        operationId: `${id}.transitions`,
        summary: `State moves of one: ${label}`,
        description:
          "The moves of the record's workflow state, oldest first: the add into the initial state and every write that changed the state, with when, by whom and in place of whom. For whoever may read the record.",
        roles: entity.access.read,
        parameters: [companyParameter, pathParameter('id', { type: 'integer', minimum: 1 })],
        data: object({ transitions: STATE_MOVES }),
        failures: [...CALL, 404],
      }),
    };
  paths[`${base}/add`] = {
    post: op({
      operationId: `${id}.add`,
      summary: `Add: ${label}`,
      roles: entity.access.add,
      parameters: [companyParameter],
      requestBody: jsonBody(recordRef.add(entity)),
      data: item(recordRef.withAllowed(entity)),
      failures: WRITE,
    }),
  };
  paths[`${base}/update`] = {
    post: op({
      operationId: `${id}.update`,
      summary: `Change: ${label}`,
      description: 'Send the id, the version you read and the fields to change; the others keep their values.',
      roles: entity.access.update,
      parameters: [companyParameter],
      requestBody: jsonBody(recordRef.update(entity)),
      data: item(recordRef.withAllowed(entity)),
      failures: WRITE,
    }),
  };
  paths[`${base}/delete`] = {
    post: op({
      operationId: `${id}.delete`,
      summary: `Delete: ${label}`,
      roles: entity.access.delete,
      parameters: [companyParameter],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: { id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } },
      }),
      data: item(recordRef.row(entity)),
      failures: WRITE,
    }),
  };
  return paths;
}

/** A hook no contract describes yet (`npm run check` names it): its reply is any JSON, and says so. */
export const undescribed = (hook: string): CommandContract => ({
  reply: { description: `not described yet: engine/openapi/command-contracts has no contract for the hook ${hook}` },
});

function listParameters(entity: EntityDef): JsonSchema[] {
  const filters = entity.list.filters.map((f) => {
    const field = entity.field.get(f);
    const schema = field
      ? {
          type: field.type,
          ...(field.format && { format: field.format }),
          ...(field.enum && { enum: [...field.enum] }),
        }
      : { type: 'integer' };
    return queryParameter(f, schema, `only the records whose ${f} is this value`);
  });
  return [
    companyParameter,
    ...filters,
    queryParameter(
      'q',
      { type: 'string' },
      entity.list.search.length
        ? `searches ${entity.list.search.join(', ')}`
        : 'refused: this list has nothing to search (400)',
    ),
    queryParameter(
      'sort',
      { type: 'string' },
      `a stored field, or -field for descending (default ${entity.list.sort})`,
    ),
    queryParameter('limit', { type: 'integer', minimum: 1, maximum: 500, default: entity.list.pageSize }),
    queryParameter(
      'offset',
      { type: 'integer', minimum: 0, maximum: MAX_OFFSET },
      `rows to skip, up to ${MAX_OFFSET} (as far as totals are counted); page further with after`,
    ),
    queryParameter(
      'after',
      { type: 'integer', minimum: 1 },
      'the page after the record with this id, in this order, in any sort (keyset paging; not with offset)',
    ),
    ...(entity.owner
      ? [
          queryParameter(
            'owner',
            { enum: ['me', 'reports'] },
            `me: the caller’s own records; reports: those of the employees the caller supervises (by ${entity.owner})`,
          ),
        ]
      : []),
    ...(entity.name === 'employee'
      ? [
          queryParameter(
            'pickableFor',
            { type: 'string', pattern: '^[a-z][a-z0-9-]*\\.[a-z][A-Za-z0-9]*$' },
            '<entity>.<field>: only the employees the caller may name in that field of a new record, where it decides the add (themselves, their reports; everyone for a module admin)',
          ),
        ]
      : []),
  ];
}

/** A report's declared parameters, typed as the engine checks them. */
function reportParameters(c: CommandDef): JsonSchema[] {
  return Object.entries(c.report!.parameters).map(([name, schema]) =>
    queryParameter(name, schema, undefined, c.report!.required.includes(name)),
  );
}

/** What a command puts under its data key. */
function commandReply(entity: EntityDef, c: CommandDef, contract: CommandContract | undefined): JsonSchema {
  const row = recordRef.row(entity);
  const stored = object({ id: integer, name: text, mimeType: text, size: integer, sha256: text, record: row });
  switch (c.kind) {
    case 'patch':
      return row;
    case 'bulkAdd':
      return {
        type: 'array',
        items: { anyOf: [row, dryRunRow(entity)] },
        description: 'the records added; with dryRun, what would be added (without id and version)',
      };
    case 'bulkDelete':
      return { type: 'array', items: row, description: 'the records deleted' };
    case 'upload':
    case 'attach':
      return { ...stored, description: 'the stored file, and the record that now points at it' };
    case 'share':
      return object({
        id: integer,
        sentTo: { type: 'string', format: 'email' },
        expiresAt: { type: 'string', format: 'date-time' },
        record: row,
      });
    case 'hook':
      return contract!.reply;
  }
}

/** What a POST command takes. */
function commandBody(entity: EntityDef, c: CommandDef, contract: CommandContract | undefined): JsonSchema {
  const idVersion = { id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } };
  const file = {
    type: 'string',
    contentMediaType: c.mimeTypes.length === 1 ? c.mimeTypes[0] : 'application/octet-stream',
    description: `at most ${c.maxBytes} bytes${c.mimeTypes.length ? `; ${c.mimeTypes.join(', ')}` : ''}`,
  };
  switch (c.kind) {
    case 'patch': {
      const writable = writableProperties(entity, 'update');
      return jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['id', 'version'],
        properties: { ...idVersion, ...Object.fromEntries(c.fields.map((f) => [f, writable[f]])) },
      });
    }
    case 'bulkAdd':
      return jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['items'],
        properties: {
          items: {
            type: 'array',
            minItems: 1,
            items: recordRef.add(entity),
            ...(Object.keys(c.lookups).length && {
              description: `each item may name ${Object.entries(c.lookups)
                .map(([f, k]) => `${f} by {"${k}": "…"}`)
                .join(', ')} instead of an id`,
            }),
          },
          dryRun: {
            type: 'boolean',
            description: 'check only: the same import, rolled back; the reply is what it would add',
          },
        },
      });
    case 'bulkDelete':
      return jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['ids'],
        properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, uniqueItems: true } },
      });
    case 'upload':
      return {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['id', 'document'],
              properties: { id: { type: 'integer', minimum: 1 }, document: file },
            },
          },
        },
      };
    case 'attach':
      return {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['document'],
              properties: { ...writableProperties(entity, 'add'), document: file },
              description: `the fields of a new ${componentName(entity)}, and the file`,
            },
          },
        },
      };
    case 'share':
      return jsonBody({ type: 'object', additionalProperties: false, required: ['id'], properties: idVersion });
    case 'hook':
      return jsonBody(
        c.input ?? contract?.body ?? { type: 'object', maxProperties: 0 },
        Boolean(c.input ?? contract?.body),
      );
  }
}
