// The REST search syntax of the sandbox (SPEC "Search query syntax" and "Sorting"): parsing,
// canonical printing, compilation into predicates and comparators, and field resolution over the
// catalog. The grammar, escape and keyword rules are documented in README.md next to this file.
export { SearchFieldError, SearchSyntaxError } from './errors';
export { normalizeQuery, type Comparator, type QueryNode } from './ast';
export { parseQuery } from './parser';
export { printQuery, quoteValue } from './printer';
export type { FieldAccessor, FieldResolver } from './accessor';
export { compileQuery } from './evaluate';
export { compileSort, parseSortOrder, sortObjects, type SortKey } from './sort';
export { fieldResolver } from './fields';
