// Which handler serves an operation: a specific one registered by an area module, else the generic
// standard operation of its base, else a clear refusal.
import { standardOperationIndex } from '../../catalog';
import type { Handler } from '../context';
import { ApiError } from '../errors';
import { specificHandler } from './registry';
import { standardHandler } from './standard';

const resolved = new Map<string, Handler>();

function notHandled(operationId: string): Handler {
  return () => {
    throw new ApiError(501, `The sandbox does not implement ${operationId} yet.`);
  };
}

export function handlerFor(operationId: string): Handler {
  let handler = resolved.get(operationId);
  if (!handler) {
    const standard = standardOperationIndex.get(operationId);
    handler =
      specificHandler(operationId) ??
      (standard ? standardHandler(standard.resource.model, standard.code) : notHandled(operationId));
    resolved.set(operationId, handler);
  }
  return handler;
}
