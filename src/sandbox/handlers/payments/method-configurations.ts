// The payment method configurations a transaction may be paid with, for an integration mode.
import type { HandlerRequest, SandboxState } from '../../context';
import { badRequest } from '../../errors';
import type { Stored } from '../../store';

/**
 * Integration modes accepted by `integrationMode` (case-insensitive): the transaction user interface
 * types of the API (IFRAME, LIGHTBOX, PAYMENT_PAGE, MOBILE_SDK, TERMINAL, EXPRESS_CHECKOUT).
 */
export const INTEGRATION_MODES = [
  'IFRAME',
  'LIGHTBOX',
  'PAYMENT_PAGE',
  'MOBILE_SDK',
  'TERMINAL',
  'EXPRESS_CHECKOUT',
];

export function integrationMode(req: HandlerRequest): string {
  const raw = req.query.get('integrationMode');
  const mode = raw?.toUpperCase();
  if (!mode || !INTEGRATION_MODES.includes(mode)) {
    throw badRequest(
      `Query parameter integrationMode must be one of ${INTEGRATION_MODES.join(', ')} (got ${JSON.stringify(raw)}).`,
      {
        integrationMode: 'unknown integration mode',
      },
    );
  }
  return mode;
}

/** The space's ACTIVE configurations (limited to the transaction's allowed ones), as a list response. */
export function paymentMethodConfigurationsFor(
  req: HandlerRequest,
  sandbox: SandboxState,
  space: number,
  transaction: Stored<'Transaction'>,
) {
  integrationMode(req);
  const allowed = transaction.allowedPaymentMethodConfigurations ?? [];
  const data = sandbox.store
    .list('PaymentMethodConfiguration', space)
    .filter((c) => c.state === 'ACTIVE' && (!allowed.length || allowed.includes(Number(c.id))))
    .sort((a, b) => Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0))
    .map((c) => sandbox.render('PaymentMethodConfiguration', c, req.expand));
  return { data, hasMore: false, limit: data.length };
}
