// What one benchmark scenario is: the paygraph document, the GraphQL Mesh document a team would
// write for the same data (or why Mesh cannot answer it), and the REST calls a hand-written client
// needs, all over the same seeded sandbox.

/** Ids from the seeded sandbox that the scenarios ask about (read once per sandbox). */
export interface Fixture {
  space: number;
  /** A transaction with completions and refunds. */
  transaction: number;
  /** A subscription with versions and charges. */
  subscription: number;
  /** Ids for `nodes`: transactions, refunds and customers. */
  nodeIds: { transactions: number[]; refunds: number[]; customers: number[] };
  /** The same objects as paygraph's global ids. */
  nodeGlobalIds: string[];
  /** The card payment method configuration of the space (checkout). */
  cardConfiguration: number;
}

/** One GraphQL request of a scenario; `previous` is the data of the step before (checkout). */
export interface GraphStep {
  query: string | ((f: Fixture) => string);
  variables: (
    f: Fixture,
    previous: Record<string, unknown>,
    prepared: Record<string, unknown>,
  ) => Record<string, unknown>;
}

/** A GraphQL client of a contender: POSTs one document, answers `data` or throws with the first error. */
export type GraphClient = (
  query: string,
  variables: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** The signed REST calls of the hand-written client (undici). */
export interface MinimumRest {
  get(
    path: string,
    o: { space?: number; query?: Record<string, string | number | string[]> },
  ): Promise<unknown>;
  post(
    path: string,
    o: { space?: number; query?: Record<string, string | number | string[]>; body?: unknown },
  ): Promise<unknown>;
}

export interface Scenario {
  /** Short id for --scenarios. */
  name: string;
  title: string;
  paygraph: GraphStep[];
  /** Run once per paygraph process before measuring (a cursor the page needs); its calls are not counted. */
  preparePaygraph?: (graph: GraphClient, f: Fixture) => Promise<Record<string, unknown>>;
  mesh: GraphStep[] | { unsupported: string };
  minimum: (rest: MinimumRest, f: Fixture) => Promise<unknown>;
  /** Creates objects: measured after the reads so that they see the seeded sandbox. */
  writes?: boolean;
  /** Said in the report next to the scenario. */
  note?: string;
}
