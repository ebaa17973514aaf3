// What every sandbox operation handler receives and returns.
import type { Operation } from '../catalog';
import type { Store, StoredObject } from './store';

export interface AppUser {
  id: string;
  /** The decoded authentication key (the HMAC secret). */
  key: Buffer;
  /** Spaces the user may act in; null means every space. */
  spaces: number[] | null;
}

/** A parsed `expand` parameter: each name maps to the names expanded below it. */
export type ExpandTree = Map<string, ExpandTree>;

export interface HandlerRequest {
  op: Operation;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The `space` header, on space-scoped operations; null otherwise. */
  space: number | null;
  user: AppUser;
  /** The parsed, schema-validated JSON body (undefined when there is none). */
  body: unknown;
  expand: ExpandTree;
  now: Date;
}

export interface HandlerResult {
  status: number;
  /** JSON-serialised unless `contentType` says otherwise and the body is a string, a Buffer or a Readable (streamed). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** The state every handler may use. */
export interface SandboxState {
  store: Store;
  settings: SandboxSettings;
  /** Renders a stored object for a response: links as ids unless expanded, omitted properties dropped. */
  render(model: string, object: StoredObject, expand: ExpandTree): Record<string, unknown>;
  /** Current time (handlers never call Date.now directly, so tests can reason about it). */
  now(): Date;
}

export interface SandboxSettings {
  seed: number;
  users: AppUser[];
  /** Accepted distance of `iat` from the server clock, in seconds. */
  iatWindowSeconds: number;
  /** Largest number of items a bulk request may carry. */
  bulkMaxItems: number;
  /** Requests per second per application user, or null for no limit. */
  rateLimitPerSecond: number | null;
  /** Lifetime of transaction credentials, in seconds. */
  credentialsTtlSeconds: number;
}

export type Handler = (req: HandlerRequest, sandbox: SandboxState) => HandlerResult | Promise<HandlerResult>;

export const ok = (body: unknown): HandlerResult => ({ status: 200, body });
export const created = (body: unknown, status = 200): HandlerResult => ({ status, body });
export const noContent = (): HandlerResult => ({ status: 204 });
/** A plain string answer (URLs, credentials, notifications), sent as text/plain as documented. */
export const text = (body: string): HandlerResult => ({
  status: 200,
  body,
  contentType: 'text/plain; charset=utf-8',
});
