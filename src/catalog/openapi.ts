// The project's copy of the OpenAPI facts, loaded once and indexed by operation.
import { readFileSync } from 'node:fs';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: string[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  readOnly?: boolean;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
  style?: string;
  explode?: boolean;
}

interface RawOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema }> }>;
  'x-space-scoped': boolean;
  'x-read-timeout-seconds'?: number;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** One REST operation, as the facts describe it. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** Path template relative to /api/v2.0, e.g. `/payment/transactions/{id}`. */
  path: string;
  spaceScoped: boolean;
  /**
   * Addressed by `{credentials}`: authorized by those temporary credentials alone (no JWT), which
   * also name the space, so no `space` header is sent although the facts mark the space scope.
   */
  byCredentials: boolean;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** Schema of the JSON request body, when the operation takes one. */
  requestBody?: JsonSchema;
  requestBodyRequired: boolean;
  successStatus: number;
  /** Content type and schema of the success response; absent for 204. */
  response?: { contentType: string; schema: JsonSchema };
  /** Every content type the success response is offered in, the preferred one first. */
  responseContentTypes: string[];
  readTimeoutSeconds?: number;
}

export const API_PREFIX = '/api/v2.0';

const openapiUrl = new URL('../rest/openapi.json', import.meta.url);
// Parsed from a text no one keeps: the served graph holds the document, not its 0.6 MB of JSON.
export const openapi = JSON.parse(readFileSync(openapiUrl, 'utf8')) as OpenApiDocument;

let text: string | undefined;

/** The OpenAPI document's own text, read on first use (the sandbox serves it as REST's openapi.json). */
export function openapiText(): string {
  text ??= readFileSync(openapiUrl, 'utf8');
  return text;
}
export const schemas = openapi.components.schemas;

const REF_PREFIX = '#/components/schemas/';

/** Each `$ref` read once: validation and request bodies resolve the same few on every item they walk. */
const refs = new Map<string, { name: string; schema: JsonSchema }>();

function resolvedRef(schema: JsonSchema | undefined): { name: string; schema: JsonSchema } | undefined {
  const ref = schema?.$ref;
  if (ref === undefined) return undefined;
  let known = refs.get(ref);
  if (!known) {
    const name = ref.slice(REF_PREFIX.length);
    refs.set(ref, (known = { name, schema: schemas[name] }));
  }
  return known;
}

export function refName(schema: JsonSchema | undefined): string | undefined {
  return resolvedRef(schema)?.name;
}

/** Resolves a `$ref` to the schema it names (one level). */
export function deref(schema: JsonSchema): JsonSchema {
  const ref = resolvedRef(schema);
  return ref ? ref.schema : schema;
}

function toOperation(path: string, method: string, raw: RawOperation): Operation {
  const params = raw.parameters ?? [];
  const [status, response] = Object.entries(raw.responses).find(([code]) => /^2\d\d$/.test(code)) ?? [
    '200',
    undefined,
  ];
  const content = response?.content ? Object.entries(response.content)[0] : undefined;
  const body = raw.requestBody?.content ? Object.values(raw.requestBody.content)[0]?.schema : undefined;
  return {
    operationId: raw.operationId,
    method: method.toUpperCase() as HttpMethod,
    path,
    spaceScoped: raw['x-space-scoped'],
    byCredentials: params.some((p) => p.in === 'path' && p.name === 'credentials'),
    pathParams: params.filter((p) => p.in === 'path'),
    queryParams: params.filter((p) => p.in === 'query'),
    requestBody: body,
    requestBodyRequired: raw.requestBody?.required ?? false,
    successStatus: Number(status),
    response: content ? { contentType: content[0], schema: content[1].schema } : undefined,
    responseContentTypes: Object.keys(response?.content ?? {}),
    readTimeoutSeconds: raw['x-read-timeout-seconds'],
  };
}

export const operations: Operation[] = Object.entries(openapi.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, raw]) => toOperation(path, method, raw)),
);

export const operationsById: ReadonlyMap<string, Operation> = new Map(
  operations.map((op) => [op.operationId, op]),
);

export function operation(operationId: string): Operation {
  const op = operationsById.get(operationId);
  if (!op) throw new Error(`unknown REST operation ${operationId}`);
  return op;
}
