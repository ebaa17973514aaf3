// What the contract demands of one response: the documented success status, the documented content
// type, and a body that validates against the operation's response schema.
import type { Operation } from '../../../src/catalog';
import type { CallResult } from '../../sandbox/support/signed-fetch';
import { responseProblems } from './response-validator';

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** Every way the response breaks the contract (empty when it keeps it). */
export function contractProblems(op: Operation, response: CallResult): string[] {
  const excerpt = response.text.slice(0, 400);
  if (response.status !== op.successStatus) {
    return [`status ${response.status}, documented ${op.successStatus}: ${excerpt}`];
  }
  if (!op.response)
    return response.text === '' ? [] : [`a ${op.successStatus} response with a body: ${excerpt}`];
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (contentType !== op.response.contentType) {
    return [`content type "${contentType}", documented "${op.response.contentType}"`];
  }
  if (!isJson(contentType)) {
    return response.text.length > 0 ? [] : ['an empty body where the operation documents one'];
  }
  return responseProblems(op, response.body).map((p) => `body: ${p}`);
}
