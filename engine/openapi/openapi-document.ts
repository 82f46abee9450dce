import type { JsonSchema, Registry } from '../metadata/registry.ts';
import { commandContracts } from './command-contracts/index.ts';
import { englishTexts, withEnglishTitles } from './english-titles.ts';
import { companyIdParameter, entityPaths } from './entity-paths.ts';
import { failureResponses, failureSchema } from './failure-responses.ts';
import { recordComponents } from './record-schemas.ts';
import { metadataComponents, servicePaths } from './service-paths.ts';
import { sessionPaths, sessionUserSchema } from './session-paths.ts';

/**
 * OpenAPI 3.1 of every route the server serves, generated from the Registry: a new field, entity, command or
 * transition appears here with no code written; a new command hook needs its reply contract
 * (engine/openapi/command-contracts). Titles are English, their i18n keys in `x-titleKey`.
 */
export function openApiDocument(registry: Registry, serverUrl: string): JsonSchema {
  const english = englishTexts(registry.messages.en);
  const contracts = commandContracts(registry);
  const schemas: Record<string, JsonSchema> = {
    Failure: failureSchema,
    SessionUser: sessionUserSchema,
    ...metadataComponents(),
  };
  const paths: Record<string, JsonSchema> = { ...sessionPaths(), ...servicePaths(registry, contracts) };
  for (const e of registry.entities.values()) {
    for (const [name, schema] of Object.entries(recordComponents(registry, e))) {
      if (schemas[name]) throw new Error(`Two schemas of the OpenAPI document are named ${name}`);
      schemas[name] = schema;
    }
    Object.assign(paths, entityPaths(registry, e, contracts, english));
  }
  const operationIds = new Set<string>();
  for (const item of Object.values(paths))
    for (const op of Object.values(item as Record<string, { operationId: string }>)) {
      if (operationIds.has(op.operationId))
        throw new Error(`Two operations of the OpenAPI document are named ${op.operationId}`);
      operationIds.add(op.operationId);
    }
  const tags = [
    { name: 'auth', description: 'Sign-in, sign-out, password reset, sign-up and directory sign-in' },
    {
      name: 'service',
      description: 'The renderer’s metadata and texts, this document, health, stored files, reminders',
    },
    {
      name: 'public',
      description: 'The public flows: questions a respondent answers through a mailed link, without signing in',
    },
    ...[...registry.modules.values()].map((m) => ({ name: m.id, description: english.of(m.label, m.id) })),
  ];
  return withEnglishTitles(
    withoutUnusedSchemas({
      openapi: '3.1.0',
      info: {
        title: 'Stratum API',
        version: registry.hash,
        description:
          'Every reply is an envelope: `{ res: "success", data, err_msg: null }`, or `{ res: "failed", data: null, err_msg, code, errors? }` with the status of its code. ' +
          'Sign in with auth.login and send the token it returns in the `token` header (or as `Authorization: Bearer`). ' +
          'An integration sends an API token instead (apiToken.issue; `Authorization: Bearer stk_…`): it acts with the rights of the employee who issued it, narrowed to its modules and, for a read token, to GET. ' +
          'The version is the hash of the metadata served.',
      },
      servers: [{ url: serverUrl, description: 'this server (PUBLIC_URL)' }],
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      security: [{ token: [] }, { bearer: [] }, { apiToken: [] }],
      tags,
      paths,
      components: {
        schemas,
        responses: failureResponses(),
        parameters: { companyId: companyIdParameter },
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'the session token auth.login returns' },
          bearer: { type: 'http', scheme: 'bearer', description: 'the same token as `Authorization: Bearer <token>`' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'stk_<43 characters>',
            description:
              'an API token for integrations (`Authorization: Bearer stk_…`), issued by a module administrator (apiToken.issue) and shown once: ' +
              'the rights of the employee who issued it, as they are at each call, within the modules it names; a read token only GETs. ' +
              'Refused 401 once revoked or past its expiry day, 403 outside its modules or for a write with a read token. Every use is in the audit trail as "API token: <name>".',
          },
        },
      },
    }),
    registry.messages.en,
  );
}

/** The document without the schemas no operation comes to (the record of an entity no command returns bare), so that it lists only what it uses. */
function withoutUnusedSchemas(doc: JsonSchema): JsonSchema {
  const schemas = { ...((doc.components as JsonSchema).schemas as Record<string, JsonSchema>) };
  const refsIn = (node: unknown) =>
    new Set([...JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
  const used = new Set<string>();
  let next = refsIn({ ...doc, components: { ...(doc.components as JsonSchema), schemas: {} } });
  while (next.size) {
    for (const name of next) used.add(name);
    next = new Set([...refsIn([...next].map((n) => schemas[n]))].filter((n) => !used.has(n)));
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return { ...doc, components: { ...(doc.components as JsonSchema), schemas } };
}
