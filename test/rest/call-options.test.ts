// Call options: typed by the operation a call names (checked by `npm run typecheck`, which fails when
// an expected error below is no longer one), untyped through `call<OperationId>` and in the layers.
import { describe, expect, it } from 'vitest';
import { sendOn, untypedOptions, type OperationId, type RestCaller } from '../../src/rest';

/** Never run: its calls are type checks. */
export function typedCalls(rest: RestCaller): void {
  // @ts-expect-error emailAddress is a string in the REST API.
  void rest.call('createCustomer', { space: 1, body: { emailAddress: 42 } });
  // @ts-expect-error getCustomer has no path parameter `customer`.
  void rest.call('getCustomer', { space: 1, path: { customer: 1 } });
  // @ts-expect-error listSpaces has no query parameter `offset`.
  void rest.call('listSpaces', { query: { offset: 1 } });
  // A Long id at or above 2^53 is a bigint, and is sent as one.
  void rest.call('getCustomer', { space: 1n, path: { id: 2n ** 60n } });
  // The explicit untyped entry (catalog-driven calls, bodies meant to be refused).
  void rest.call<OperationId>('createCustomer', { space: 1, body: { emailAddress: 42 } });
}

describe('call layers', () => {
  it('read the options of a call as they are and send them on unchanged', async () => {
    const sent: { operationId: string; options: unknown }[] = [];
    const rest: RestCaller = {
      call(operationId, options) {
        sent.push({ operationId, options });
        return Promise.reject(new Error('answered by the layer below'));
      },
    };
    const options = { space: 1, path: { id: 7 } };
    expect(untypedOptions<'getCustomer'>(options)).toBe(options);
    await expect(sendOn(rest, 'getCustomer', options)).rejects.toThrow('answered by the layer below');
    expect(sent).toEqual([{ operationId: 'getCustomer', options }]);
  });
});
