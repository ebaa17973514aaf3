// The REST search grammar (SPEC "Search query syntax"): the query tree, parsing, canonical printing
// and value quoting. Shared knowledge of the REST API, like the catalog: the resolvers build, parse
// and reprint queries with it, the sandbox parses and evaluates them. Imports nothing of the project.
export { SearchFieldError, SearchSyntaxError } from './errors';
export { comparators, normalizeQuery, type Comparator, type QueryNode } from './ast';
export { parseQuery } from './parser';
export { printQuery, quoteValue } from './printer';
export { describeAt, endsName, isWhitespace } from './lexicon';
