// Operation handlers by operationId. Generic handlers serve the standard operations of every base;
// area modules register specific ones (actions, documents, life cycles), which take precedence.
import type { Handler } from '../context';

const specific = new Map<string, Handler>();

export function defineHandlers(handlers: Record<string, Handler>): void {
  for (const [operationId, handler] of Object.entries(handlers)) {
    if (specific.has(operationId)) throw new Error(`handler for ${operationId} defined twice`);
    specific.set(operationId, handler);
  }
}

export function specificHandler(operationId: string): Handler | undefined {
  return specific.get(operationId);
}
