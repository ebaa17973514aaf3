// The REST endpoint the supergraph is composed with; the signing plugin replaces it at run time.
export const PLACEHOLDER_ENDPOINT = 'http://rest.invalid/api/v2.0';
