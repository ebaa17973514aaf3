// Routes a request path to its operation, driven by the OpenAPI paths. Fixed segments win over
// parameters (`/customers/bulk` before `/customers/{id}`, `/transactions/search` before `/{id}`).
import type { Operation } from '../catalog';

interface Route {
  op: Operation;
  segments: { literal?: string; param?: string }[];
  literalCount: number;
}

export interface RouteMatch {
  op: Operation;
  params: Record<string, string>;
}

export type RouteResult = { match: RouteMatch } | { allowed: string[] } | undefined;

export class Router {
  private readonly bySize = new Map<number, Route[]>();

  constructor(operations: Operation[]) {
    for (const op of operations) {
      const segments = op.path
        .split('/')
        .slice(1)
        .map((s) => (s.startsWith('{') ? { param: s.slice(1, -1) } : { literal: s }));
      const route = { op, segments, literalCount: segments.filter((s) => s.literal !== undefined).length };
      const list = this.bySize.get(segments.length) ?? [];
      list.push(route);
      this.bySize.set(segments.length, list);
    }
    for (const list of this.bySize.values()) list.sort((a, b) => b.literalCount - a.literalCount);
  }

  /** `path` is relative to the API prefix and not decoded. */
  route(method: string, path: string): RouteResult {
    const parts = path.split('/').slice(1);
    const allowed: string[] = [];
    for (const route of this.bySize.get(parts.length) ?? []) {
      const params = matchSegments(route, parts);
      if (!params) continue;
      if (route.op.method === method) return { match: { op: route.op, params } };
      allowed.push(route.op.method);
    }
    return allowed.length ? { allowed } : undefined;
  }
}

function matchSegments(route: Route, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i];
    if (segment.literal !== undefined) {
      if (segment.literal !== parts[i]) return undefined;
    } else {
      if (parts[i] === '') return undefined;
      try {
        params[segment.param!] = decodeURIComponent(parts[i]);
      } catch {
        return undefined;
      }
    }
  }
  return params;
}
