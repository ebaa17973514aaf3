// Metadata limits of the specification: 25 keys, names up to 40 characters, values up to 512.
import { badRequest } from '../errors';

export const METADATA_LIMITS = { keys: 25, keyLength: 40, valueLength: 512 };

export function checkMetadata(body: Record<string, unknown>): void {
  for (const field of ['metaData', 'metadata']) {
    const map = body[field];
    if (map === undefined || map === null || typeof map !== 'object') continue;
    const entries = Object.entries(map as Record<string, unknown>);
    if (entries.length > METADATA_LIMITS.keys) {
      throw badRequest(`${field} has ${entries.length} keys; at most ${METADATA_LIMITS.keys} are allowed.`, {
        [field]: `more than ${METADATA_LIMITS.keys} keys`,
      });
    }
    for (const [key, value] of entries) {
      if (key.length > METADATA_LIMITS.keyLength) {
        throw badRequest(
          `${field} key "${key.slice(0, 50)}" is ${key.length} characters long; at most ${METADATA_LIMITS.keyLength} are allowed.`,
          { [`${field}.${key}`]: 'key too long' },
        );
      }
      if (String(value).length > METADATA_LIMITS.valueLength) {
        throw badRequest(
          `${field} value of key "${key}" is ${String(value).length} characters long; at most ${METADATA_LIMITS.valueLength} are allowed.`,
          { [`${field}.${key}`]: 'value too long' },
        );
      }
    }
  }
}
