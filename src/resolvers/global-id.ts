// Global IDs: one opaque string that says which model, which space and which REST key, so that
// node(id:), nodes(ids:) and mutations know where to call without any other argument.
// Layout before base64url: `<model>:<space or ->:<key>`; the key comes last because string keys
// (country state ids) may themselves contain colons. Keys of nested objects are `<parent>/<id>`
// (entity-key.ts).
import { resourceByModel, schemas } from '../catalog';
import { isValidKey } from './entity-key';

const ACCOUNT_LEVEL = '-';

export interface DecodedGlobalId {
  model: string;
  space: number | null;
  key: string;
}

export function encodeGlobalId(model: string, space: number | null, key: string | number | bigint): string {
  const text = `${model}:${space === null ? ACCOUNT_LEVEL : String(space)}:${String(key)}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** A space named by its REST id or its Space global ID; null when the text is neither. */
export function spaceIdOf(text: string): number | null {
  if (/^[1-9][0-9]{0,15}$/.test(text)) return Number(text);
  const global = decodeGlobalId(text);
  return global?.model === 'Space' ? Number(global.key) : null;
}

/** Decodes a global ID; null when it is not one of ours (unknown model, bad space or key). */
export function decodeGlobalId(id: string): DecodedGlobalId | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const first = text.indexOf(':');
  const second = first < 0 ? -1 : text.indexOf(':', first + 1);
  if (second < 0) return null;
  const model = text.slice(0, first);
  const spaceText = text.slice(first + 1, second);
  const key = text.slice(second + 1);
  const resource = resourceByModel.get(model);
  if (!resource || key === '') return null;
  if (!isValidKey(resource, key)) return null;
  if (spaceText === ACCOUNT_LEVEL) return resource.spaceScoped ? null : { model, space: null, key };
  if (!resource.spaceScoped || !/^[1-9][0-9]{0,15}$/.test(spaceText)) return null;
  return { model, space: Number(spaceText), key };
}

/**
 * The global ID of an object embedded in others that has a REST id but no endpoint of its own
 * (TransactionGroup, Charge, PaymentTerminal...): the same layout, its space when the object names one.
 * Caches key on it; `node(id:)` cannot read it back (see embeddedIdModel).
 */
export function encodeEmbeddedId(model: string, object: Record<string, unknown>): string | null {
  const key = object.id;
  if (typeof key !== 'number' && typeof key !== 'bigint' && typeof key !== 'string') return null;
  const space = typeof object.linkedSpaceId === 'number' ? object.linkedSpaceId : null;
  return encodeGlobalId(model, space, key);
}

/** The REST model of an embedded object's global ID (one with a REST id and no endpoint), else null. */
export function embeddedIdModel(id: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const model = Buffer.from(id, 'base64url').toString('utf8').split(':', 1)[0];
  return !resourceByModel.has(model) && schemas[model]?.properties?.id ? model : null;
}
