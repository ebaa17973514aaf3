// Copies the API facts from ../shared/api into the project (the product never reads ../shared at run
// time) and adds the one specification endpoint the OpenAPI facts lack: POST /ibans.
import { readFileSync, writeFileSync } from 'node:fs';

const shared = new URL('../../shared/api/', import.meta.url);
const openapi = JSON.parse(readFileSync(new URL('openapi.json', shared), 'utf8'));
const catalog = JSON.parse(readFileSync(new URL('catalog.json', shared), 'utf8'));

openapi.components.schemas.IbanLookupRequest = {
  type: 'object',
  required: ['iban'],
  properties: { iban: { type: 'string', description: 'The IBAN to look up, with or without spaces.' } },
};
openapi.components.schemas.IbanDetails = {
  type: 'object',
  properties: {
    iban: { type: 'string', readOnly: true, description: 'The IBAN in electronic format.' },
    formattedIban: { type: 'string', readOnly: true, description: 'The IBAN in groups of four.' },
    countryCode: { type: 'string', readOnly: true },
    checkDigits: { type: 'string', readOnly: true },
    bban: { type: 'string', readOnly: true },
    bankCode: { type: 'string', readOnly: true },
    branchCode: { type: 'string', readOnly: true },
    accountNumber: { type: 'string', readOnly: true },
    bankName: { type: 'string', readOnly: true },
    bic: { type: 'string', readOnly: true },
    sepaMember: { type: 'boolean', readOnly: true },
  },
};
openapi.paths['/ibans'] = {
  post: {
    operationId: 'lookupIban',
    tags: ['Payment'],
    description: 'IBAN details lookup (specification endpoint not covered by the SDK facts).',
    parameters: [],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/IbanLookupRequest' } } },
    },
    responses: {
      200: {
        description: '',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/IbanDetails' } } },
      },
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
    'x-space-scoped': false,
    'x-paygraph-added': 'POST /ibans is named by the specification but absent from the SDK facts',
  },
};

writeFileSync(new URL('../src/rest/openapi.json', import.meta.url), JSON.stringify(openapi, null, 1) + '\n');
writeFileSync(new URL('../src/catalog/facts.json', import.meta.url), JSON.stringify(catalog, null, 1) + '\n');
console.log(
  'imported openapi.json (%d paths) and catalog.json (%d bases)',
  Object.keys(openapi.paths).length,
  catalog.length,
);
