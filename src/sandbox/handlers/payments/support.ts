// Response helpers the payment handlers share.
import type { HandlerResult } from '../../context';

/** A text/plain response carrying a URL (or another plain string) as it is. */
export function plainText(value: string): HandlerResult {
  return { status: 200, body: value, contentType: 'text/plain; charset=utf-8' };
}
