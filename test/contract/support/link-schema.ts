// Links as the response schemas type them: an object holding the linked object's id when collapsed
// (`{ id: 123 }`), the whole object when expanded. Request bodies and paths take the bare id.

/** The id a link holds, collapsed (`{ id }`, as responses carry it) or bare (as request bodies and paths take it). */
export function linkId(value: unknown): number {
  return Number(typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value);
}
