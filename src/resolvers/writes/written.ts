// What a mutation that reached REST tells the app: the (space, model) pairs whose objects it may have
// changed (the live watches of them look at once). Types only, shared by the context and notify.ts.

export interface WrittenModel {
  space: number | null;
  model: string;
}

/** Told of each write that reached REST. */
export type WriteListener = (written: WrittenModel[]) => void;
