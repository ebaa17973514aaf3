// Get-or-create of the type references the generic factories make once per key (a model, a schema,
// a name): one Map and one lookup, instead of one hand-written cache per factory.

/**
 * A function of a key that makes its type reference on first use and answers the same one after
 * (further arguments serve the first making only). `implement`, when given, runs once the reference
 * is remembered, so a type whose fields refer back to itself (directly or through other types) meets
 * the same reference instead of making another.
 */
export function refCache<K, R extends object | null, A extends unknown[] = []>(
  make: (key: K, ...args: A) => R,
  implement?: (ref: R, key: K, ...args: A) => void,
): (key: K, ...args: A) => R {
  const refs = new Map<K, R>();
  return (key, ...args) => {
    const known = refs.get(key);
    if (known !== undefined) return known;
    const ref = make(key, ...args);
    refs.set(key, ref);
    implement?.(ref, key, ...args);
    return ref;
  };
}
