// What the evaluator needs to know about a field: its type and how to read it from an object.

export interface FieldAccessor {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'enum';
  /** The value, or an array of values (many-links, arrays): a term matches when any element does. */
  get: (object: Record<string, unknown>) => unknown;
  /** For enums, the allowed values; a query value outside them is a SearchFieldError. */
  values?: readonly string[];
  /**
   * True when the field itself is an array of scalars (not an array reached through a many-link or an
   * array of embedded objects): then ':~' means "has each listed value as an element".
   */
  list?: boolean;
  /**
   * True when `get` reads the object alone (its own properties, a link's stored id), never a linked
   * object from the store: such a value changes only when the object is written, so it can be indexed.
   */
  own?: boolean;
}

/** Finds the accessor of a dotted field name; undefined for names the model does not have. */
export type FieldResolver = (dottedName: string) => FieldAccessor | undefined;
