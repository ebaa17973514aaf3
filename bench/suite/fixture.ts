// The ids the scenarios ask about, read from a freshly seeded sandbox (same seed, same ids each time).
import { encodeGlobalId } from '../../src/resolvers/global-id';
import type { BenchUser } from '../sandbox/signer';
import { createMinimumRest } from './minimum/rest';
import type { Fixture } from './scenarios';

type Row = { id: number; transaction?: number | { id: number } };

/** What the fixture needs of a sandbox (the child's ready line, or an in-process sandbox in tests). */
export interface SandboxFacts {
  baseUrl: string;
  users: BenchUser[];
  spaces: number[];
  /** Card payment method configuration id by space id. */
  cardConfigurations: Record<string, number>;
}

export async function loadFixture(sandbox: SandboxFacts): Promise<Fixture> {
  const space = sandbox.spaces[0];
  const rest = createMinimumRest(sandbox.baseUrl, sandbox.users[0]);
  try {
    const search = async (path: string, limit: number) =>
      ((await rest.get(path, { space, query: { limit, order: 'id:ASC' } })) as { data: Row[] }).data;
    const [transactions, refunds, customers, subscriptions] = await Promise.all([
      search('/payment/transactions/search', 20),
      search('/payment/refunds/search', 15),
      search('/customers/search', 15),
      search('/subscriptions/search', 1),
    ]);
    const refunded = refunds[0]?.transaction;
    if (refunded === undefined || !subscriptions[0])
      throw new Error('the seeded sandbox has no refunded transaction or no subscription');
    const nodeIds = {
      transactions: transactions.map((r) => r.id),
      refunds: refunds.map((r) => r.id),
      customers: customers.map((r) => r.id),
    };
    const cardConfiguration = sandbox.cardConfigurations[String(space)];
    if (cardConfiguration === undefined)
      throw new Error(
        `the sandbox's ready line names no card payment method configuration for space ${space}`,
      );
    return {
      space,
      transaction: typeof refunded === 'object' ? refunded.id : refunded,
      subscription: subscriptions[0].id,
      nodeIds,
      nodeGlobalIds: [
        ...nodeIds.transactions.map((id) => encodeGlobalId('Transaction', space, id)),
        ...nodeIds.refunds.map((id) => encodeGlobalId('Refund', space, id)),
        ...nodeIds.customers.map((id) => encodeGlobalId('Customer', space, id)),
      ],
      cardConfiguration,
    };
  } finally {
    await rest.close();
  }
}
