// The sandbox's side of the REST search (SPEC "Search query syntax" and "Sorting"): compilation of
// parsed queries into predicates and comparators, sort orders, and field resolution over the catalog.
// The grammar itself (parse, print, quote) is src/search-syntax, re-exported here for the handlers.
export {
  SearchFieldError,
  SearchSyntaxError,
  normalizeQuery,
  parseQuery,
  printQuery,
  quoteValue,
  type Comparator,
  type QueryNode,
} from '../../search-syntax';
export type { FieldAccessor, FieldResolver } from './accessor';
export { indexLookups, type IndexLookup } from './candidates';
export { compileQuery } from './evaluate';
export { compileSort, parseSortOrder, sortObjects, type SortKey } from './sort';
export { fieldResolver } from './fields';
