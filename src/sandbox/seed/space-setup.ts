// Per space: document templates, dunning flows with their levels, charge flows and payment links.
import type { DocumentTemplateTypeKey, SeedContext, SpaceIds } from './context';
import { idOf, localized, makeLater } from './context';
import { money, randomLineItems } from './line-items';
import { methodsOf } from './payment-config';
import { DAY, HOUR, addMs, iso } from './random';

const STEP = 4 * HOUR;

function seedDocumentTemplates(ctx: SeedContext, space: SpaceIds): void {
  for (const key of Object.keys(ctx.global.documentTemplateTypes) as DocumentTemplateTypeKey[]) {
    const template = makeLater(ctx, 'DocumentTemplate', space.id, STEP, {
      name: `Default ${key} template`,
      type: ctx.global.documentTemplateTypes[key],
      spaceId: space.id,
      state: 'ACTIVE',
      defaultTemplate: true,
      deliveryEnabled: key !== 'packingSlip',
      templateResource: `templates/${key}.xsl`,
    });
    space.documentTemplates[key] = idOf(template);
  }
}

function seedDunning(ctx: SeedContext, space: SpaceIds): void {
  const flows = [
    { name: 'Standard dunning', priority: 1, levels: ['First reminder', 'Second reminder', 'Final notice'] },
    { name: 'Gentle dunning (B2B)', priority: 2, levels: ['Friendly reminder', 'Reminder'] },
  ];
  for (const f of flows) {
    const flow = makeLater(ctx, 'DunningFlow', space.id, STEP, {
      name: f.name,
      state: 'ACTIVE',
      priority: f.priority,
      conditions: [],
      type: {
        id: 5001 + f.priority,
        name: localized(f.name),
        description: localized(`${f.name} flow`),
        specificCountry: space.country,
      },
    });
    space.dunningFlows.push(idOf(flow));
    f.levels.forEach((title, index) => {
      makeLater(ctx, 'DunningFlowLevel', space.id, STEP, {
        name: title,
        title: localized(title),
        documentText: localized(`${title}: please pay the outstanding amount.`),
        flow: idOf(flow),
        reminderTemplate: space.documentTemplates.reminder,
        period: `P${(index + 1) * 10}D`,
        priority: index + 1,
        state: 'ACTIVE',
      });
    });
  }
}

function seedChargeFlows(ctx: SeedContext, space: SpaceIds): void {
  for (const [name, priority] of [
    ['Card then PayPal', 1],
    ['Payment link fallback', 2],
  ] as const) {
    const flow = makeLater(ctx, 'ChargeFlow', space.id, STEP, {
      name,
      priority,
      state: 'ACTIVE',
      conditions: [],
    });
    space.chargeFlows.push(idOf(flow));
  }
}

function seedPaymentLinks(ctx: SeedContext, space: SpaceIds): void {
  const m = money(space.currency);
  const allowed = methodsOf(space).map((method) => space.methodConfigurations[method]!);
  for (let i = 1; i <= 4; i++) {
    const items = randomLineItems(ctx.rng, m, space.country);
    const at = ctx.clock.advance(STEP);
    makeLater(ctx, 'PaymentLink', space.id, 0, {
      name: `Payment link ${i}: ${String(items[0].name)}`,
      externalId: `plink-${space.id}-${i}`,
      url: `https://sandbox.paygraph.example/s/${space.id}/payment/link/${ctx.rng.chars(12, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
      currency: space.currency,
      language: space.language,
      lineItems: items,
      state: i === 4 ? 'INACTIVE' : 'ACTIVE',
      availableFrom: iso(at),
      availableUntil: iso(addMs(at, 365 * DAY)),
      maximalNumberOfTransactions: i === 1 ? 100 : 0,
      allowedPaymentMethodConfigurations: i % 2 === 0 ? allowed.slice(0, 1) : allowed,
      billingAddressHandlingMode: 'REQUIRED_ON_PAYMENT_PAGE',
      shippingAddressHandlingMode: items.some((item) => item.shippingRequired)
        ? 'REQUIRED_ON_PAYMENT_PAGE'
        : 'NOT_REQUIRED',
      protectionMode: i === 3 ? 'ACCESS_KEY' : 'NO_PROTECTION',
      allowedRedirectionDomains: ['shop.paygraph.example'],
    });
  }
}

export function seedSpaceSetup(ctx: SeedContext, space: SpaceIds): void {
  seedDocumentTemplates(ctx, space);
  seedDunning(ctx, space);
  seedChargeFlows(ctx, space);
  seedPaymentLinks(ctx, space);
}
