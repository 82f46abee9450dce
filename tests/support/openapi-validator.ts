import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives as the module object under NodeNext (as in engine/metadata/schema-validator.ts)
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as FormatsPlugin;

type Json = Record<string, unknown>;

/** A reply's problems against the document: '' when it is what the document says. */
export type ReplyCheck = (method: string, path: string, status: number, contentType: string, body: unknown) => string;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Judges replies by the served OpenAPI document with ajv (JSON Schema 2020-12, the document's dialect): the status must
 * be one the operation documents, a JSON body must be valid against that response's schema, a file must come with a
 * content type the response names.
 */
export function openApiReplyCheck(doc: Json): ReplyCheck {
  // the document's x- keywords (x-ref, x-titleKey, …) are annotations: strict mode off so that ajv lets them be
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const responses = (doc.components as Json).responses as Record<string, Json>;
  return (method, path, status, contentType, body) => {
    const op = (doc.paths as Record<string, Json>)[path]?.[method.toLowerCase()] as Json | undefined;
    if (!op) return `${method} ${path} is not in the document`;
    let response = (op.responses as Record<string, Json>)[String(status)];
    if (!response)
      return `${method} ${path} answered ${status}, which the document does not list (${Object.keys(op.responses as Json).join(', ')})`;
    let at = pointer('paths', path, method.toLowerCase(), 'responses', String(status));
    if (typeof response.$ref === 'string') {
      const name = response.$ref.split('/').pop()!;
      response = responses[name]!;
      at = pointer('components', 'responses', name);
    }
    const content = (response.content ?? {}) as Record<string, Json>;
    const type = contentType.split(';')[0]!.trim();
    if (!Object.keys(content).length)
      return contentType && body !== ''
        ? `${method} ${path} ${status}: the document names no content, the reply has ${type}`
        : '';
    const media = content[type] ? type : content['*/*'] ? '*/*' : undefined;
    if (!media)
      return `${method} ${path} ${status}: content type ${type} is not among ${Object.keys(content).join(', ')}`;
    if (media !== 'application/json') return '';
    const key = `${at}/content/${pointer(media)}/schema`;
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.getSchema(`openapi#/${key}`)!));
    if (validate(body)) return '';
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
    return `${method} ${path} ${status}: ${errors.join('; ')}`;
  };
}

/** The documented path a request's address falls under (`/api/v1/employee/7` → `/api/v1/employee/{id}`), a literal path before a templated one. */
export function documentedPath(doc: Json, method: string, pathname: string): string | undefined {
  const paths = Object.entries(doc.paths as Record<string, Json>).filter(([, item]) => item[method.toLowerCase()]);
  return (
    paths.find(([p]) => p === pathname)?.[0] ??
    paths.find(([p]) =>
      new RegExp(`^${p.replace(/[.]/g, '\\.').replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`).test(pathname),
    )?.[0]
  );
}
