// Who may open a checkout page: the holder of the URL the API handed out. Its security token is the
// transaction's credentials (signed, bound to one transaction of this sandbox, expiring on the
// sandbox clock); the path's space and the query's ids must be the ones the token names.
import type { Store, Stored } from '../store';
import { CredentialsRefused, credentialsTransaction } from '../lifecycle/transactions/credentials';
import { CHECKOUT_PAGES, type CheckoutPage } from '../lifecycle/transactions/urls';

export interface CheckoutRequest {
  page: CheckoutPage;
  space: number;
  transaction: Stored<'Transaction'>;
  /** The page's own path and query, where its forms post. */
  self: string;
  query: URLSearchParams;
}

/** A page the buyer cannot see, with the status and the words the error page shows. */
export class CheckoutRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

const PATH = /^\/s\/([1-9]\d*)\/(.+)$/;

function pageOf(url: URL): { space: number; page: CheckoutPage } {
  const match = PATH.exec(url.pathname);
  const page = match && CHECKOUT_PAGES.find((p) => p === match[2]);
  if (!match || !page)
    throw new CheckoutRefusal(
      404,
      'Page not found',
      `The sandbox serves no checkout page at ${url.pathname}.`,
    );
  return { space: Number(match[1]), page };
}

function refusalFor(error: CredentialsRefused): CheckoutRefusal {
  if (error.reason === 'expired')
    return new CheckoutRefusal(
      410,
      'Link expired',
      'This payment link has expired. Ask the shop for a new one and start again.',
    );
  return new CheckoutRefusal(
    403,
    'Link not valid',
    'This payment link is not valid: its security token was not issued for it by this sandbox.',
  );
}

/** The transaction a checkout URL opens, or a refusal: 404 unknown page, 403 forged or foreign token, 410 expired. */
export function authorizeCheckout(store: Store, rawUrl: string, now: Date): CheckoutRequest {
  const url = new URL(rawUrl, 'http://sandbox.local');
  const { space, page } = pageOf(url);
  const token = url.searchParams.get('securityToken');
  if (!token)
    throw new CheckoutRefusal(403, 'Link not valid', 'This payment link carries no security token.');
  let bound: { space: number; transactionId: number };
  try {
    bound = credentialsTransaction(store, token, now);
  } catch (error) {
    if (error instanceof CredentialsRefused) throw refusalFor(error);
    throw error;
  }
  const named = [
    url.searchParams.get('spaceId') ?? String(space),
    url.searchParams.get('transactionId') ?? String(bound.transactionId),
  ];
  if (bound.space !== space || named[0] !== String(space) || named[1] !== String(bound.transactionId)) {
    throw new CheckoutRefusal(
      403,
      'Link not valid',
      'This payment link is not valid: its security token belongs to another transaction.',
    );
  }
  const transaction = store.get('Transaction', bound.transactionId, space);
  if (!transaction)
    throw new CheckoutRefusal(404, 'Payment not found', `Transaction ${bound.transactionId} does not exist.`);
  return { page, space, transaction, self: `${url.pathname}${url.search}`, query: url.searchParams };
}
