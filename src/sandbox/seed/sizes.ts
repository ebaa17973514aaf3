// How much demo data a sandbox starts with: `default` is what tests and `npm start` use; `small` starts
// fastest; `large` is for trying paging and load (200,000 transactions). Counts are per space, in the
// order of the seeded spaces (Switzerland, Germany, USA); subscription charges count as transactions.
// `large` keeps subscriptions at ten times the default: each tells its whole story (versions, charges,
// bills), and a hundred times as many would not start within seconds.

export const SEED_SIZES = ['small', 'default', 'large'] as const;
export type SeedSize = (typeof SEED_SIZES)[number];

export interface SeedCounts {
  customers: readonly number[];
  transactions: readonly number[];
  subscriptions: readonly number[];
  /** How much faster the seed clock runs, so that the business still fits the same months. */
  timeScale: number;
  /** Share of transactions whose story is told; the others copy a told one of their space and state (replicate.ts). */
  told: number;
}

export const SEED_COUNTS: Record<SeedSize, SeedCounts> = {
  small: {
    customers: [14, 4, 2],
    transactions: [140, 40, 20],
    subscriptions: [7, 2, 1],
    timeScale: 1,
    told: 1,
  },
  default: {
    customers: [140, 40, 20],
    transactions: [1400, 400, 200],
    subscriptions: [70, 20, 10],
    timeScale: 1,
    told: 1,
  },
  large: {
    customers: [14_000, 4_000, 2_000],
    transactions: [140_000, 40_000, 20_000],
    subscriptions: [700, 200, 100],
    timeScale: 100,
    told: 0.02,
  },
};
