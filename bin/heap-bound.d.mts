/** Node flags bounding the served process's heap. */
export const HEAP_FLAGS: readonly string[];
/** True when this process started the bounded child (and only relays); false to run `command` here. */
export function relaunchedWithHeapBound(command: string): boolean;
