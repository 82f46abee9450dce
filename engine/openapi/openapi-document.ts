import type { EntityDef, JsonSchema, Registry } from '../metadata/registry.ts';
import { recordSchema } from '../records/record-validator.ts';
import { STANDARD_TYPES } from '../records/record-columns.ts';
import { MAX_OFFSET } from '../records/list-query.ts';

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['res', 'data', 'err_msg'],
  properties: { res: { enum: ['success', 'failed'] }, data, err_msg: { type: ['string', 'null'] } },
});

const failure = { description: 'failed: err_msg names the problem', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } };
const errors = { '400': failure, '401': failure, '403': failure, '404': failure, '409': failure, '413': failure, '422': failure };

/** A record as the API returns it: standard fields, stored and computed fields. */
function recordOut(entity: EntityDef): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, t] of Object.entries(STANDARD_TYPES)) properties[name] = { type: t.type, ...(t.format ? { format: t.format } : {}), readOnly: true };
  for (const f of entity.fields) properties[f.name] = f.computed ? { ...f.schema, readOnly: true } : f.schema;
  for (const c of entity.children) properties[c.key] = { type: 'array', items: { $ref: `#/components/schemas/${pascal(c.entity)}` } };
  return { type: 'object', properties, required: ['id', 'version', ...entity.fields.filter((f) => f.required).map((f) => f.name)] };
}

/** OpenAPI 3.1 of the whole API, generated from the Registry: a new field appears here with no code written. */
export function openApiDocument(registry: Registry): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  const schemas: Record<string, JsonSchema> = {
    Failure: {
      type: 'object',
      properties: {
        res: { const: 'failed' },
        data: { type: 'null' },
        err_msg: { type: 'string' },
        code: { type: 'string' },
        errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  };
  const security = [{ token: [] }];
  const companyParam = { name: 'companyId', in: 'query', required: false, description: 'holder only: the company whose records to use', schema: { type: 'integer' } };
  for (const e of registry.entities.values()) {
    const name = pascal(e.name);
    schemas[name] = recordOut(e);
    schemas[`${name}Add`] = recordSchema(e, 'add', e.workflow?.stateField);
    schemas[`${name}Update`] = recordSchema(e, 'update', e.workflow?.stateField);
    const ref = { $ref: `#/components/schemas/${name}` };
    const item = (key: string) => ({ '200': { description: 'ok', content: { 'application/json': { schema: envelope({ type: 'object', properties: { [key]: ref } }) } } }, ...errors });
    const body = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
    const tags = [e.module];
    paths[`/api/v1/${e.name}`] = {
      get: {
        tags,
        summary: `List ${e.name}`,
        security,
        parameters: [
          companyParam,
          ...e.list.filters.map((f) => ({ name: f, in: 'query', required: false, schema: { type: e.field.get(f)?.type ?? STANDARD_TYPES[f]?.type ?? 'string' } })),
          { name: 'q', in: 'query', required: false, schema: { type: 'string' }, description: `searches ${e.list.search.join(', ') || 'nothing'}` },
          { name: 'sort', in: 'query', required: false, schema: { type: 'string' }, description: 'field, or -field for descending' },
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500, default: e.list.pageSize } },
          { name: 'offset', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET }, description: `rows to skip, up to ${MAX_OFFSET} (as far as totals are counted); page further with after` },
          { name: 'after', in: 'query', required: false, schema: { type: 'integer', minimum: 1 }, description: 'the page after the record with this id, in this order, in any sort (keyset paging; not with offset)' },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: envelope({ type: 'object', properties: { [e.dataKeys.list]: { type: 'array', items: ref }, total: { type: 'integer' }, totalCapped: { type: 'boolean' } } }),
              },
            },
          },
          ...errors,
        },
      },
    };
    paths[`/api/v1/${e.name}/{id}`] = {
      get: { tags, summary: `Read one ${e.name}`, security, parameters: [companyParam, { name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: item(e.dataKeys.item) },
    };
    if (e.access.add.length) paths[`/api/v1/${e.name}/add`] = { post: { tags, summary: `Add a ${e.name}`, security, parameters: [companyParam], requestBody: body({ $ref: `#/components/schemas/${name}Add` }), responses: item(e.dataKeys.item) } };
    if (e.access.update.length) paths[`/api/v1/${e.name}/update`] = { post: { tags, summary: `Change a ${e.name}`, security, parameters: [companyParam], requestBody: body({ $ref: `#/components/schemas/${name}Update` }), responses: item(e.dataKeys.item) } };
    if (e.access.delete.length)
      paths[`/api/v1/${e.name}/delete`] = {
        post: { tags, summary: `Delete a ${e.name}`, security, parameters: [companyParam], requestBody: body({ type: 'object', required: ['id'], properties: { id: { type: 'integer' }, version: { type: 'integer' } } }), responses: item(e.dataKeys.item) },
      };
    for (const c of e.commands) {
      const op: JsonSchema = { tags, summary: `${c.name} (${c.kind})`, security, parameters: [companyParam], responses: item(c.dataKey) };
      if (c.method === 'POST')
        op.requestBody =
          c.kind === 'upload'
            ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['id', 'document'], properties: { id: { type: 'integer' }, document: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } }
            : c.kind === 'attach'
              ? { required: true, content: { 'multipart/form-data': { schema: withDocument(schemas[`${name}Add`]) } } }
              : body(
                c.input ??
                  (c.kind === 'bulkAdd'
                    ? {
                        type: 'object',
                        required: ['items'],
                        properties: {
                          items: {
                            type: 'array',
                            items: { $ref: `#/components/schemas/${name}Add` },
                            ...(Object.keys(c.lookups).length && {
                              description: `each item may name ${Object.entries(c.lookups).map(([f, k]) => `${f} by {"${k}": "…"}`).join(', ')} instead of an id`,
                            }),
                          },
                          dryRun: { type: 'boolean', description: 'check only: the same import, rolled back; the reply is what it would add' },
                        },
                      }
                    : c.kind === 'bulkDelete'
                      ? { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 } } }
                      : { type: 'object' }),
              );
      paths[`/api/v1/${e.name}/${c.name}`] = { [c.method.toLowerCase()]: op };
    }
    for (const t of e.workflow?.transitions ?? [])
      paths[`/api/v1/${e.name}/${t.action}`] = {
        post: { tags, summary: `${t.action}: ${t.from.join('/')} -> ${t.to}`, security, parameters: [companyParam], requestBody: body({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }), responses: item(e.dataKeys.item) },
      };
  }
  const authBody = (props: string[]) => ({ required: true, content: { 'application/json': { schema: { type: 'object', required: props, properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])) } } } });
  const ok = { '200': { description: 'ok' }, ...errors };
  paths['/api/v1/auth/login'] = { post: { tags: ['auth'], summary: 'Sign in', requestBody: authBody(['email', 'password']), responses: ok } };
  paths['/api/v1/auth/logout'] = { post: { tags: ['auth'], summary: 'Sign out (revokes the token)', security, responses: ok } };
  paths['/api/v1/auth/forgot-password'] = { post: { tags: ['auth'], summary: 'Mail a reset key', requestBody: authBody(['email']), responses: ok } };
  paths['/api/v1/auth/reset-password'] = { post: { tags: ['auth'], summary: 'Set a password with a reset key', requestBody: authBody(['email', 'password', 'authKey']), responses: ok } };
  paths['/api/v1/auth/language'] = { post: { tags: ['auth'], summary: "Remember the language the signed-in person reads Stratum in (en, bn, de): their mail and documents follow it", security, requestBody: authBody(['language']), responses: ok } };
  paths['/api/v1/auth/sign-up'] = { post: { tags: ['auth'], summary: 'Sign up: mail an invited e-mail a link to choose a password (same reply for any e-mail)', requestBody: authBody(['email']), responses: ok } };
  paths['/api/v1/auth/sign-up/complete'] = { post: { tags: ['auth'], summary: 'Sign up: choose the password with the key from the mail', requestBody: authBody(['email', 'password', 'authKey']), responses: ok } };
  paths['/api/v1/auth/sso/providers'] = {
    get: { tags: ['auth'], summary: 'The directories offered for an e-mail (by its domain)', parameters: [{ name: 'email', in: 'query', required: true, schema: { type: 'string' } }], responses: ok },
  };
  paths['/api/v1/auth/sso/start'] = {
    post: {
      tags: ['auth'],
      summary: 'Start an OpenID Connect sign-in (PKCE); returns the directory address and sets the browser cookie',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['provider'], properties: { provider: { type: 'string' }, purpose: { enum: ['signIn', 'signUp'] }, email: { type: 'string' } } } } } },
      responses: ok,
    },
  };
  paths['/api/v1/auth/sso/exchange'] = { post: { tags: ['auth'], summary: 'Exchange the one-time code from a directory callback for the session', requestBody: authBody(['code']), responses: ok } };
  return {
    openapi: '3.1.0',
    info: { title: 'Stratum API', version: registry.hash },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: { schemas, securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    paths,
  };
}

/** An attach command's multipart form: the record's fields to add, and the file in "document". */
function withDocument(add: JsonSchema): JsonSchema {
  const properties = { ...(add.properties as Record<string, JsonSchema>), document: { type: 'string', contentMediaType: 'application/octet-stream' } };
  return { ...add, required: [...((add.required as string[] | undefined) ?? []), 'document'], properties };
}
