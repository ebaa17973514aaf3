// The scenarios of `npm run bench`, in the order they run (the writes last, so that the reads see
// the seeded sandbox).
import { checkout, bulkCreate } from './writes';
import { customersWithChildren, deepLinks, subscriptionDetail, transactionChildren } from './nested';
import { csvExport, deepPage, filteredSearch, nodesMixed, pageWithLinks } from './reads';
import type { Scenario } from './types';

export const scenarios: Scenario[] = [
  pageWithLinks,
  deepLinks,
  customersWithChildren,
  subscriptionDetail,
  nodesMixed,
  filteredSearch,
  deepPage,
  transactionChildren,
  csvExport,
  checkout,
  bulkCreate,
];

/** The scenarios named in a comma-separated list (all when empty); unknown names are an error naming the known ones. */
export function selectScenarios(list: string | undefined): Scenario[] {
  if (!list) return scenarios;
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length)
    throw new Error(
      `unknown scenario ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  return scenarios.filter((s) => names.includes(s.name));
}

export type { Scenario, Fixture, GraphStep, GraphClient, MinimumRest } from './types';
