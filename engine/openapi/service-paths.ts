import { readFileSync } from 'node:fs';
import type { ReminderRunResult } from '../reminders/reminder-run.ts';
import type { PublicFlowScreen } from '../public-flows/public-flow-screens.ts';
import type { EntityDef, JsonSchema, Registry } from '../metadata/registry.ts';
import { LANGUAGES } from '../metadata/registry.ts';
import type { CommandContracts } from './command-contracts/command-contract.ts';
import { jsonBody, operation, pathParameter } from './operations.ts';
import { recordRef, writableProperties } from './record-schemas.ts';
import { dateTime, integer, listOf, object, orNull, text } from './schema-shapes.ts';

const readSchema = (kind: string): JsonSchema =>
  JSON.parse(readFileSync(new URL(`../../metadata/schema/${kind}.schema.json`, import.meta.url), 'utf8')) as JsonSchema;

/**
 * A metadata schema as a component: its `$ref`s to its own `$defs` (`#/$defs/role`) or a sibling file's
 * (`entity.schema.json#/$defs/role`) are copied in, since inside the document `#` is the document and there are no such files.
 */
const metadataSchema = (kind: string): JsonSchema => {
  const { $schema: _s, $id: _i, $defs: _d, ...schema } = readSchema(kind);
  const inline = (node: unknown, file: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, file));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as JsonSchema).$ref;
    const to = typeof ref === 'string' ? /^(?:([a-z-]+)\.schema\.json)?#\/\$defs\/(\w+)$/.exec(ref) : null;
    if (to) return inline((readSchema(to[1] ?? file).$defs as Record<string, JsonSchema>)[to[2]], to[1] ?? file);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, file)]));
  };
  return inline(schema, kind) as JsonSchema;
};

/**
 * By state, the steps out of it and who takes them (contract/meta-reply.ts `NextStep`): /meta adds them to a workflow
 * as declared, so that a screen says whose turn it is to a reader who may take none of them.
 */
const nextSteps: JsonSchema = {
  type: 'object',
  description: 'by state, the steps out of it and who takes them (who: a text, an i18n key and its values)',
  additionalProperties: {
    type: 'array',
    items: {
      type: 'object',
      required: ['action', 'who'],
      additionalProperties: false,
      properties: {
        action: { type: 'string' },
        who: {
          anyOf: [
            { type: 'string' },
            { type: 'number' },
            { type: 'object', required: ['key'], properties: { key: {}, params: { type: 'object' } } },
            {
              type: 'object',
              required: ['list', 'join'],
              properties: { list: { type: 'array' }, join: { enum: ['and', 'or', 'series'] } },
            },
          ],
        },
        named: {
          type: 'string',
          description:
            'the field naming the one employee who takes it (the approver), so that a screen names that person',
        },
      },
    },
  },
};

/** A screen and a workflow as the metadata declares them (metadata/schema), for /meta; the workflow with its `next`. */
export function metadataComponents(): Record<string, JsonSchema> {
  const module = metadataSchema('module');
  const workflow = metadataSchema('workflow');
  return {
    Screen: ((module.properties as Record<string, JsonSchema>).screens as JsonSchema).items as JsonSchema,
    Workflow: {
      ...workflow,
      properties: { ...(workflow.properties as Record<string, JsonSchema>), next: nextSteps },
    },
  };
}

const anyObject: JsonSchema = { type: 'object' };

/** What /meta tells the renderer about one entity the caller may read. */
const metaEntity = object(
  {
    name: text,
    module: text,
    scope: { enum: ['company', 'platform'] },
    label: { type: 'string', description: 'an i18n key' },
    schema: {
      ...anyObject,
      description: 'the declared JSON Schema of the fields (metadata/schema/entity.schema.json fieldsSchema)',
    },
    list: object({ columns: listOf(text), filters: listOf(text), search: listOf(text), sort: text, pageSize: integer }),
    form: object({ uiSchema: anyObject }),
    errors: { type: 'object', additionalProperties: text, description: 'error titles (i18n keys) by call' },
    children: listOf(anyObject),
    requiredWhen: listOf(object({ field: text, when: { type: 'object', additionalProperties: { type: 'array' } } })),
    dataKeys: object({ list: text, item: text }),
    titleField: text,
    fileStore: { enum: ['file', 'platform-file'] },
    workflow: { $ref: '#/components/schemas/Workflow' },
    owner: text,
    lifecycle: {
      ...object({ field: text, states: listOf(text), alternatives: listOf(listOf(text)) }, ['alternatives']),
      description:
        "the stages a record passes through, in order, and the field holding its stage: its workflow's, or its stageField's",
    },
    commands: listOf(
      object(
        {
          name: text,
          kind: { enum: ['patch', 'bulkAdd', 'bulkDelete', 'upload', 'attach', 'hook', 'share'] },
          method: { enum: ['GET', 'POST'] },
          fields: listOf(text),
          dataKey: text,
          error: text,
          maxBytes: integer,
          mimeTypes: listOf(text),
          confirm: text,
          // an upload's: the command that removes the file it uploaded
          removedBy: text,
          report: anyObject,
        },
        ['error', 'maxBytes', 'mimeTypes', 'confirm', 'removedBy', 'report'],
      ),
    ),
    can: object({ add: { type: 'boolean' }, update: { type: 'boolean' }, delete: { type: 'boolean' } }),
    sharing: object({ sent: text, submitted: text }, ['sent']),
  },
  ['requiredWhen', 'workflow', 'owner', 'lifecycle', 'sharing'],
);

const meta = object({
  modules: listOf(
    object(
      {
        id: text,
        label: text,
        role: { enum: ['holder', 'employee', 'public'] },
        core: { type: 'boolean' },
        routeBase: text,
        screens: listOf({ $ref: '#/components/schemas/Screen' }),
        // its home: the tabs the caller may open, each a screen path or a labelled group of them
        home: object({
          path: text,
          tabs: listOf({ oneOf: [object({ path: text }), object({ label: text, screens: listOf(text) })] }),
        }),
        entities: listOf(text),
      },
      ['routeBase', 'home'],
    ),
  ),
  entities: listOf(metaEntity),
  routes: listOf(
    object({ path: text, role: { enum: ['holder', 'employee', 'public'] }, module: text, component: text }, [
      'component',
    ]),
  ),
});

const publicScreen = object({
  path: text,
  flow: text,
  phase: { enum: ['auth', 'complete', 'success'] },
  errors: object({ auth: text, answer: text, submit: text }),
} satisfies Record<keyof PublicFlowScreen, JsonSchema>);

const file = (what: string) => ({
  '200': {
    description: `the ${what}, as stored: its own Content-Type, inline with its name`,
    headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'inline; filename="<name>"' } },
    content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  },
});

/** The renderer's metadata, texts, the document itself, health, stored files, reminders and the public flows. */
export function servicePaths(registry: Registry, contracts: CommandContracts): Record<string, JsonSchema> {
  const service = ['service'];
  const paths: Record<string, JsonSchema> = {
    '/api/v1/meta': {
      get: operation({
        operationId: 'service.meta',
        tags: service,
        summary: 'What the caller may see: modules and screens, entities, routes',
        data: meta,
        failures: [401, 500],
      }),
    },
    '/api/v1/i18n/{lang}': {
      get: operation({
        operationId: 'service.texts',
        tags: service,
        summary: 'The texts of a language, by i18n key',
        open: true,
        parameters: [pathParameter('lang', { enum: [...LANGUAGES] })],
        data: object({ messages: { type: 'object', additionalProperties: text } }),
        failures: [401, 404, 500],
      }),
    },
    '/api/v1/openapi.json': {
      get: operation({
        operationId: 'service.openapi',
        tags: service,
        summary: 'This document',
        open: true,
        responses: {
          '200': {
            description: 'the OpenAPI 3.1 document of the API',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['openapi', 'info', 'paths'],
                  properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
                },
              },
            },
          },
        },
        failures: [401, 500],
      }),
    },
    '/healthz': {
      get: operation({
        operationId: 'service.health',
        tags: service,
        summary: 'Whether the server and its database answer',
        open: true,
        responses: {
          '200': {
            description: 'up',
            content: {
              'application/json': {
                schema: object({
                  status: { const: 'ok' },
                  metadata: { type: 'string', description: 'the hash of the metadata served' },
                }),
              },
            },
          },
        },
        failures: [500],
      }),
    },
    '/metrics': {
      get: operation({
        operationId: 'service.metrics',
        tags: service,
        summary: 'Prometheus metrics: requests by route, database pool, outbox backlog, reminder runs',
        description:
          'With METRICS_TOKEN set, send it as `Authorization: Bearer …` (else 401); without, only a direct connection from the same machine is answered (else 403).',
        open: true,
        responses: {
          '200': {
            description: 'the Prometheus text format',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          '401': {
            description: 'METRICS_TOKEN is set and was not sent',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          '403': {
            description: 'no METRICS_TOKEN is set and the request did not come directly from this machine',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
        failures: [],
      }),
    },
    '/api/v1/file/{id}': {
      get: operation({
        operationId: 'service.file',
        tags: service,
        summary: 'A stored file of the caller’s company (a PDF, a picture, an upload)',
        parameters: [
          { $ref: '#/components/parameters/companyId' },
          pathParameter('id', { type: 'integer', minimum: 1 }),
        ],
        responses: file('file'),
        failures: [400, 401, 403, 404, 500],
      }),
    },
    '/api/v1/platform-file/{id}': {
      get: operation({
        operationId: 'service.platformFile',
        tags: service,
        summary: 'A stored file of the platform (a user manual)',
        parameters: [pathParameter('id', { type: 'integer', minimum: 1 })],
        responses: file('file'),
        failures: [400, 401, 403, 404, 500],
      }),
    },
    '/api/v1/reminders/run': {
      post: operation({
        operationId: 'service.runReminders',
        tags: service,
        summary: 'Send the reminders due now, or on a given day (the holder)',
        requestBody: jsonBody(object({ today: { type: 'string', format: 'date' } }, ['today']), false),
        data: object({
          reminders: object({ reminders: integer, mails: integer } satisfies Record<
            keyof ReminderRunResult,
            JsonSchema
          >),
        }),
        failures: [400, 401, 403, 413, 422, 500],
      }),
    },
    '/api/v1/public/screens': {
      get: operation({
        operationId: 'publicFlow.screens',
        tags: ['public'],
        summary: 'The pages of the public flows, for a mailed link',
        open: true,
        data: object({ screens: listOf(publicScreen) }),
        failures: [401, 500],
      }),
    },
  };
  for (const e of registry.entities.values())
    if (e.publicFlow) Object.assign(paths, publicFlowPaths(registry, e, contracts));
  return paths;
}

/** The calls of one public flow: a respondent who never signs in sends the token from the mailed link in the body. */
function publicFlowPaths(
  registry: Registry,
  recipient: EntityDef,
  contracts: CommandContracts,
): Record<string, JsonSchema> {
  const flow = recipient.publicFlow!;
  const answers = registry.entity(flow.answers.entity);
  const base = `/api/v1/public/${flow.name}`;
  const id = flow.name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const tags = ['public'];
  const token = { type: 'string', minLength: 1, description: 'the code from the link in the e-mail (its #token=)' };
  // the link's refusals: unknown or replaced (401), module switched off (403), used (409), expired (410)
  const link = [400, 401, 403, 404, 409, 410, 413, 422, 500] as const;
  const info = contracts[flow.info]?.reply ?? {
    type: 'object',
    properties: {},
    description: `not described yet: engine/openapi/command-contracts has no contract for the hook ${flow.info}`,
  };
  const savedAnswer = object({
    id: integer,
    questionId: { ...integer, description: `the question answered (its ${flow.answers.key})` },
    ...Object.fromEntries(
      answers.fields.filter((f) => !f.computed).map((f) => [f.name, f.required ? f.schema : orNull(f.schema)]),
    ),
  });
  const opened = {
    ...info,
    required: [
      ...((info.required as string[] | undefined) ?? []),
      'recipientId',
      'respondent',
      'expiresAt',
      'answers',
      'name',
    ],
    properties: {
      ...(info.properties as Record<string, JsonSchema>),
      recipientId: integer,
      respondent: { type: 'string', description: 'the e-mail the link went to' },
      expiresAt: dateTime,
      answers: { ...listOf(savedAnswer), description: 'the answers saved so far' },
      name: { ...orNull(text), description: 'the respondent’s name, where the recipient names one' },
    },
  };
  const answer = writableProperties(answers, 'add');
  const { [flow.answers.via]: _via, [flow.answers.key]: _key, ...answerFields } = answer;
  return {
    [`${base}/auth`]: {
      post: operation({
        operationId: `${id}.open`,
        tags,
        summary: `Open the link: the questions and the answers so far (${flow.name})`,
        open: true,
        requestBody: jsonBody(object({ token })),
        data: object({ info: opened }),
        failures: [...link],
      }),
    },
    [`${base}/answer`]: {
      post: operation({
        operationId: `${id}.answer`,
        tags,
        summary: `Save one answer (${flow.name})`,
        description: 'Added the first time, changed after.',
        open: true,
        requestBody: jsonBody({
          type: 'object',
          additionalProperties: false,
          required: ['token', 'questionId'],
          properties: {
            token,
            questionId: { type: 'integer', description: 'a question id of the flow’s info' },
            ...answerFields,
          },
        }),
        data: object({ answer: recordRef.row(answers) }),
        failures: [...link],
      }),
    },
    [`${base}/submit`]: {
      post: operation({
        operationId: `${id}.submit`,
        tags,
        summary: `Submit the answers; the link then stops working (${flow.name})`,
        open: true,
        requestBody: jsonBody(object({ token })),
        data: object({ submitted: dateTime }),
        failures: [...link],
      }),
    },
    // a colleague the recipient names answers signed in, from My inbox (engine/public-flows/colleague-pass.ts)
    ...(flow.employee && {
      [`${base}/mine`]: {
        post: operation({
          operationId: `${id}.mine`,
          tags,
          summary: `Open one's own review signed in, without the mailed link: a pass for it (${flow.name})`,
          description:
            'For the employee the recipient names, once it is sent, until it is submitted, while the flow is open; the mailed link keeps working.',
          requestBody: jsonBody(object({ recipientId: { type: 'integer', minimum: 1 } })),
          data: object({
            token: { type: 'string', description: 'opens the flow’s page as the link’s #token= does' },
            expiresAt: dateTime,
            page: { type: 'string', description: 'the flow’s page to open with #token=' },
          }),
          failures: [400, 401, 403, 404, 409, 413, 422, 500],
        }),
      },
    }),
  };
}
