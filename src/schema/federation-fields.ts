// @pothos/plugin-federation turns a field's or enum value's federation options (`shareable`, `tag`,
// `requires`...) into directives. It runs for every one of the schema's fields, arguments and enum
// values, copying each config and building its directive list, most of which come out empty: paygraph
// sets none of those options, only entity keys (on types, left to the plugin). Its field hooks are
// skipped here for a config that sets none of them, the same schema without a copy per field (about
// 4% of a cold start's CPU, with the garbage it made).
import type { PothosOutputFieldConfig, SchemaTypes } from '@pothos/core';
import { PothosFederationPlugin } from '@pothos/plugin-federation';

/** The options the plugin reads from a field or enum value (its onOutputFieldConfig and getCommonDirectives). */
interface FederationFieldOptions {
  requires?: unknown;
  override?: unknown;
  inaccessible?: unknown;
  shareable?: unknown;
  authenticated?: unknown;
  requiresScopes?: unknown;
  policy?: unknown;
  cost?: unknown;
  listSize?: unknown;
  tag?: unknown;
}

/** Each read by name (not a loop over names): this runs for every field, argument and enum value. */
function setsNone(o: FederationFieldOptions): boolean {
  return (
    o.requires === undefined &&
    o.override === undefined &&
    o.inaccessible === undefined &&
    o.shareable === undefined &&
    o.authenticated === undefined &&
    o.requiresScopes === undefined &&
    o.policy === undefined &&
    o.cost === undefined &&
    o.listSize === undefined &&
    o.tag === undefined
  );
}

interface FieldLike {
  kind?: string;
  pothosOptions: object;
}

/**
 * True when the plugin would add nothing to `config`: none of its options set, not a field of an
 * external entity (resolved by default and marked @external), and not typed by an external entity's
 * ref (whose `provides` adds @provides).
 */
export function hasNoFederationOptions(config: FieldLike, typeRef?: unknown): boolean {
  if (config.kind === 'ExternalEntity') return false;
  if (typeof (typeRef as { provides?: unknown } | null)?.provides === 'function') return false;
  return setsNone(config.pothosOptions);
}

function outputTypeRef(config: PothosOutputFieldConfig<SchemaTypes>): unknown {
  const type: unknown = (config.pothosOptions as { type?: unknown }).type;
  return Array.isArray(type) ? (type as unknown[])[0] : type;
}

type Plugin = PothosFederationPlugin<SchemaTypes>;
type HookName = 'onOutputFieldConfig' | 'onInputFieldConfig' | 'onEnumValueConfig';
type Config<K extends HookName> = Parameters<Plugin[K]>[0];

/** Replaces the plugin's hook `name` by one that answers `config` itself where `skip` says the plugin adds nothing. */
function skipWhere<K extends HookName>(name: K, skip: (config: Config<K>) => boolean): void {
  const prototype = PothosFederationPlugin.prototype as Plugin;
  const hook = Reflect.get(prototype, name) as (this: Plugin, config: Config<K>) => Config<K>;
  Reflect.set(prototype, name, function (this: Plugin, config: Config<K>) {
    return skip(config) ? config : hook.call(this, config);
  });
}

skipWhere('onOutputFieldConfig', (config) => hasNoFederationOptions(config, outputTypeRef(config)));
skipWhere('onInputFieldConfig', (config) => hasNoFederationOptions(config));
skipWhere('onEnumValueConfig', (config) => hasNoFederationOptions(config));
