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

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url of ASCII text (no padding); undefined when a character is not ASCII. */
function asciiBase64url(text: string): string | undefined {
  let out = '';
  let i = 0;
  for (; i + 2 < text.length; i += 3) {
    const [a, b, c] = [text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2)];
    if ((a | b | c) > 127) return undefined;
    const n = (a << 16) | (b << 8) | c;
    out += BASE64URL[n >> 18] + BASE64URL[(n >> 12) & 63] + BASE64URL[(n >> 6) & 63] + BASE64URL[n & 63];
  }
  if (text.length - i === 1) {
    const a = text.charCodeAt(i);
    if (a > 127) return undefined;
    out += BASE64URL[a >> 2] + BASE64URL[(a & 3) << 4];
  } else if (text.length - i === 2) {
    const [a, b] = [text.charCodeAt(i), text.charCodeAt(i + 1)];
    if ((a | b) > 127) return undefined;
    const n = (a << 8) | b;
    out += BASE64URL[n >> 10] + BASE64URL[(n >> 4) & 63] + BASE64URL[(n & 15) << 2];
  }
  return out;
}

/**
 * Per model and space: the base64url of the whole 3-byte groups of `<model>:<space>:`, and the
 * characters left over. base64 encodes 3 bytes at a time, so an id is that head followed by the
 * encoding of the leftover and its key: a bulk answer's 250 ids do not each encode the prefix again.
 */
interface Head {
  encoded: string;
  rest: string;
}
const heads = new Map<string, Map<number | null, Head>>();

function headOf(model: string, space: number | null): Head {
  let bySpace = heads.get(model);
  if (!bySpace) heads.set(model, (bySpace = new Map<number | null, Head>()));
  let head = bySpace.get(space);
  if (!head) {
    const prefix = `${model}:${space === null ? ACCOUNT_LEVEL : String(space)}:`;
    const whole = prefix.length - (prefix.length % 3);
    head = {
      encoded: Buffer.from(prefix.slice(0, whole), 'utf8').toString('base64url'),
      rest: prefix.slice(whole),
    };
    // Models are the catalog's; spaces are bounded by what the callers may see: a bound all the same.
    if (bySpace.size >= MAX_SPACES_PER_MODEL) bySpace.clear();
    bySpace.set(space, head);
  }
  return head;
}

const MAX_SPACES_PER_MODEL = 10_000;

export function encodeGlobalId(model: string, space: number | null, key: string | number | bigint): string {
  const head = headOf(model, space);
  const tail = asciiBase64url(head.rest + String(key));
  if (tail !== undefined) return head.encoded + tail;
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
