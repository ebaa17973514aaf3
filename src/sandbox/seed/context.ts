// What every seed step shares: the store, the random source, the forward-only clock and the ids
// created by earlier steps (later steps link to them).
import { createObject } from '../objects';
import type { Store, StoredObject } from '../store';
import { DAY, Rng, SeedClock } from './random';

export interface GlobalIds {
  paymentMethods: Record<PaymentMethodKey, number>;
  cardBrands: Record<CardBrandKey, number>;
  processors: Record<string, number>;
  /** Connector id per connector key (`card-visa`, `twint`, ...). */
  connectors: Record<string, number>;
  connectorMethod: Record<string, PaymentMethodKey>;
  connectorBrand: Record<string, CardBrandKey | undefined>;
  connectorProcessor: Record<string, string>;
  salesChannels: Record<SalesChannelKey, number>;
  documentTemplateTypes: Record<DocumentTemplateTypeKey, number>;
}

export type PaymentMethodKey = 'card' | 'twint' | 'paypal' | 'sepa' | 'invoice' | 'banktransfer';
export type CardBrandKey = 'visa' | 'mastercard' | 'amex' | 'maestro' | 'diners' | 'jcb';
export type SalesChannelKey = 'web' | 'mobile' | 'moto' | 'pos' | 'recurring';
export type DocumentTemplateTypeKey = 'invoice' | 'packingSlip' | 'refundCredit' | 'reminder' | 'receipt';

export interface SpaceIds {
  id: number;
  currency: string;
  country: string;
  language: string;
  timeZone: string;
  methodConfigurations: Partial<Record<PaymentMethodKey, number>>;
  /** Connector configuration id per connector key. */
  connectorConfigurations: Record<string, number>;
  documentTemplates: Partial<Record<DocumentTemplateTypeKey, number>>;
  dunningFlows: number[];
  chargeFlows: number[];
}

export interface SeedContext {
  store: Store;
  rng: Rng;
  clock: SeedClock;
  /** The seed's "now": nothing is created after it. */
  now: Date;
  global: GlobalIds;
  spaces: SpaceIds[];
  /** While set, every object `make` creates is also appended here (a large seed copies what one story made). */
  recording?: Made[];
}

/** An object as `make` created it. */
export interface Made {
  model: string;
  space: number | null;
  object: StoredObject;
}

export function newContext(store: Store, seed: number, now: Date): SeedContext {
  const rng = new Rng(seed);
  return {
    store,
    rng,
    clock: new SeedClock(rng, new Date(now.getTime() - 400 * DAY)),
    now,
    global: {} as GlobalIds,
    spaces: [],
  };
}

/** Creates an object at the clock's current time (the clock does not move). */
export function make<Model extends string>(
  ctx: SeedContext,
  model: Model,
  space: number | null,
  fields: StoredObject,
) {
  const object = createObject(ctx.store, model, space, fields, ctx.clock.current());
  ctx.recording?.push({ model, space, object });
  return object;
}

/** Creates an object after moving the clock forward by about `stepMs`. */
export function makeLater<Model extends string>(
  ctx: SeedContext,
  model: Model,
  space: number | null,
  stepMs: number,
  fields: StoredObject,
) {
  ctx.clock.advance(stepMs);
  return make(ctx, model, space, fields);
}

/** A localized text in the map form the API uses (language code -> text). */
export function localized(en: string, de?: string): Record<string, string> {
  return de ? { 'en-US': en, 'de-DE': de } : { 'en-US': en };
}

export const idOf = (object: StoredObject): number => Number(object.id);

/**
 * A deep copy of plain JSON-shaped data, so that no two stored objects share a nested object
 * (much faster than structuredClone for the many small objects the seed copies).
 */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = copy((value as Record<string, unknown>)[key]);
    return out as T;
  }
  return value;
}
