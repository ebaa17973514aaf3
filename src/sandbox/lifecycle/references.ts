// Objects named by id in a request body: a missing one is a business refusal (422) naming the field,
// not a 404 (the resource addressed by the path exists; the body points elsewhere).
import { unprocessable } from '../errors';
import { resourceOf } from '../../catalog';
import type { Store } from '../store';

export function referenced(store: Store, model: string, id: unknown, space: number, field: string) {
  const object =
    typeof id === 'number'
      ? store.get(model, id, resourceOf(model).spaceScoped ? space : undefined)
      : undefined;
  if (!object) {
    throw unprocessable(`${field}: ${model} ${String(id)} does not exist in space ${space}.`, {
      [field]: `${model} ${String(id)} does not exist`,
    });
  }
  return object;
}
