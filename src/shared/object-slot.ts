// Data a module keeps for an object, stored on the object itself (a property under a symbol of the
// slot's own), with a WeakMap's get, set and delete.
//
// Why not a module-level WeakMap for data of one request (its GraphContext, its Request): V8's
// young-generation collections (scavenges) keep the value of an entry whose key is young as long as the
// map's table is in the old generation, and when the value leads back to its key (a context's internals
// reach the context through its REST caller and callbacks), the key stays alive too. Every request's
// graph then survived its request, was promoted to the old generation and waited there for a
// mark-compact. A property lives and dies with its object. bench/profile/gc.ts measures it: the 20-row
// page promoted 67.9 KB per operation before its context's maps became slots, 2.1 after.

export class ObjectSlot<K extends object, V> {
  readonly #key: symbol;

  /** `name` names the property's symbol (what a debugger shows). */
  constructor(name: string) {
    this.#key = Symbol(name);
  }

  get(object: K): V | undefined {
    return (object as Record<symbol, V | undefined>)[this.#key];
  }

  set(object: K, value: V): void {
    (object as Record<symbol, V>)[this.#key] = value;
  }

  /** Empties the slot (the property stays, undefined: deleting it would turn the object's shape slow). */
  delete(object: K): void {
    (object as Record<symbol, V | undefined>)[this.#key] = undefined;
  }
}
