// Content negotiation on the Accept header (media ranges with q-values; q=0 excludes), over the
// content types an operation's response is offered in.
import type { Operation } from '../catalog';
import type { HandlerResult } from './context';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header.split(',').flatMap((part) => {
    const [media, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const [type, subtype] = media.split('/');
    if (!type || !subtype) return [];
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return [{ type, subtype, q: Number.isFinite(q) ? q : 0 }];
  });
}

/** q of the most specific range matching `mediaType` (0 when none matches or it is excluded). */
function quality(ranges: MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.toLowerCase().split('/');
  const specificity = (r: MediaRange) => (r.type === '*' ? 0 : r.subtype === '*' ? 1 : 2);
  const matching = ranges
    .filter((r) => (r.type === '*' || r.type === type) && (r.subtype === '*' || r.subtype === subtype))
    .sort((a, b) => specificity(b) - specificity(a));
  return matching[0]?.q ?? 0;
}

/** The content type to answer in, or undefined when the Accept header excludes every one offered. */
export function chooseContentType(accept: string | undefined, op: Operation): string | undefined {
  const offered = op.responseContentTypes;
  // An operation that answers with no body (204) has nothing to negotiate.
  if (offered.length === 0) return 'application/json';
  if (!accept || !accept.trim()) return offered[0];
  const ranges = parseAccept(accept);
  let best: { type: string; q: number } | undefined;
  for (const type of offered) {
    const q = quality(ranges, type);
    if (q > 0 && (!best || q > best.q)) best = { type, q };
  }
  return best?.type;
}

/** Answers a plain-text or CSV result as a JSON string when JSON is what the client chose. */
export function inChosenType(result: HandlerResult, chosen: string): HandlerResult {
  const isText =
    typeof result.body === 'string' && !!result.contentType && !result.contentType.includes('json');
  if (!isText || !chosen.includes('json')) return result;
  return { ...result, body: JSON.stringify(result.body), contentType: 'application/json; charset=utf-8' };
}
