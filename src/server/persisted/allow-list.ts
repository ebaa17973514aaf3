// The allow-list of PAYGRAPH_PERSISTED_OPERATIONS=allow-list: a JSON object mapping the sha256 (hex)
// of each document to the document, as `npm run -s persisted-operations` writes it from the
// operations paygraph ships. Read once at start; an entry whose hash is not its document's is refused.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/security-config';
import { sha256Hex } from './admission';

const HASH = /^[0-9a-f]{64}$/;

export function parseAllowList(text: string, where: string): Map<string, string> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${where} is not JSON: ${(error as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ConfigError(`${where} must be a JSON object mapping sha256 hashes (hex) to documents`);
  const entries = new Map<string, string>();
  for (const [hash, document] of Object.entries(json)) {
    if (!HASH.test(hash))
      throw new ConfigError(
        `${where}: "${hash.slice(0, 80)}" is not a sha256 hash (64 lowercase hex digits)`,
      );
    if (typeof document !== 'string')
      throw new ConfigError(`${where}: the entry ${hash} is not a document (a string)`);
    if (sha256Hex(document) !== hash)
      throw new ConfigError(`${where}: the entry ${hash} holds a document whose sha256 is another`);
    entries.set(hash, document);
  }
  return entries;
}

export function loadAllowList(file: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `PAYGRAPH_PERSISTED_OPERATIONS_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return parseAllowList(text, `PAYGRAPH_PERSISTED_OPERATIONS_FILE (${file})`);
}

/** The allow-list of some documents (each once), as the file holds it. */
export function allowListOf(documents: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const document of documents) out[sha256Hex(document)] = document;
  return out;
}
