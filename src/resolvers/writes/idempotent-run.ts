// Runs a mutation at most once per idempotency key, scoped per caller. The store is a cache of outcomes,
// not the only defence: where it cannot say for sure, REST is asked (the marker the key left on the
// object) before anything is sent again, and where REST cannot tell, the client is told to read first.
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationSpec } from '../../catalog';
import { RestError } from '../../rest/errors';
import type { GraphContext } from '../context';
import { forgetAfterWrite, internalsOf } from '../context';
import { isMutationError, mutationError, type MutationErrorValue } from './errors';
import {
  DEFAULT_IDEMPOTENCY_WAIT_MS,
  fingerprintOf,
  type Claim,
  type StoredOutcome,
  type UnknownOutcome,
} from './idempotency';
import { markerValue } from './marker';
import { idempotencyScopeOf } from './key-scope';

export interface Execution<T> {
  outcome: T;
  /** Whether anything reached REST (nothing sent: the key is freed for a new try). */
  sent: boolean;
  /** Whether the call may have been carried out without an answer. */
  unknown: boolean;
}

/** How REST tells whether an earlier send under the key was carried out. */
export type Reconciliation<T> =
  /** The object carries the key's marker: `find` answers it as this mutation's outcome, or null. */
  | { kind: 'marker'; find: () => Promise<T | null> }
  /** REST refuses a second application by itself (a versioned update: 409; a delete: 404, answered as `deleted`). */
  | { kind: 'guarded'; deleted?: T }
  | { kind: 'none' };

/** A write ready to send: its body carries the key's marker where it can. */
export interface KeyedWrite<T> {
  send: () => Promise<Execution<T>>;
  reconcile: Reconciliation<T>;
}

const MAX_KEY_LENGTH = 255;
/** A wait for a concurrent claim ends this long before the request's deadline, so the caller gets a typed answer. */
const ANSWER_MARGIN_MS = 1_000;
/** How long a client should wait before sending again while the key store cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 2;
const DEFAULT_DEADLINE_MS = 15_000;

/** How long to wait for a concurrent first claim: the default, cut short to end before the request's deadline. */
function waitMsOf(ctx: GraphContext): number | undefined {
  if (ctx.deadlineAt === undefined) return undefined;
  return Math.max(0, Math.min(DEFAULT_IDEMPOTENCY_WAIT_MS, ctx.deadlineAt - Date.now() - ANSWER_MARGIN_MS));
}

/** The input's `idempotencyKey`, else the request's `Idempotency-Key` header (per mutation field). */
function keyOf(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  input: Record<string, unknown>,
): string | undefined {
  if (typeof input.idempotencyKey === 'string' && input.idempotencyKey !== '')
    return `input:${input.idempotencyKey}`;
  // One header for the whole request: each mutation field (by its response key) has a key of its own.
  return ctx.idempotencyKey ? `header:${ctx.idempotencyKey}#${info.path.key}` : undefined;
}

const WHY: Record<UnknownOutcome['reason'], string> = {
  unknown: "REST's answer to it never arrived",
  orphaned: 'the paygraph instance that sent it stopped, or lost its key store, before the outcome was known',
  lost: "paygraph's key store lost its records",
};

function busy(name: string, waitMs: number): MutationErrorValue {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return mutationError(
    'IdempotencyKeyBusyError',
    `${name}: the first request with this idempotency key is still running or may still reach REST; nothing was sent. Send it again in ${retryAfterSeconds} s.`,
    { retryAfterSeconds },
  );
}

function unavailable(name: string, what: string): MutationErrorValue {
  return mutationError(
    'IdempotencyUnavailableError',
    `${name}: ${what}, so this idempotency key cannot be checked now; nothing was sent. Send it again in ${UNAVAILABLE_RETRY_SECONDS} s.`,
    { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS },
  );
}

function outcomeUnknown(name: string, doubt: UnknownOutcome): MutationErrorValue {
  // After a loss a key paygraph does not know may be new or lost: it stays in doubt for its lifetime.
  const then =
    doubt.reason === 'lost'
      ? ' This key cannot be checked until its lifetime ends: should the action still be needed, send it again without an idempotency key.'
      : '';
  return mutationError(
    'OutcomeUnknownError',
    `${name}: the first request with this idempotency key may have been carried out (${WHY[doubt.reason]}) and REST cannot tell; nothing was sent. Read the object before deciding.${then}`,
  );
}

/** What the store keeps of an execution: done, or unknown (REST may have carried it out) until reconciled. */
function settled<T>(result: Execution<T>, sendGraceMs: number): StoredOutcome {
  const outcome = structuredClone(result.outcome);
  // A call whose answer never came may still be carried out for a while; a 5xx answer ended the call.
  if (result.unknown)
    return { kind: 'unknown', reason: 'unknown', notBefore: Date.now() + sendGraceMs, answer: outcome };
  if (isMutationError(outcome) && outcome.kind === 'UpstreamError' && (outcome.status ?? 0) >= 500)
    return { kind: 'unknown', reason: 'unknown', notBefore: Date.now(), answer: outcome };
  return { kind: 'done', value: outcome };
}

type RunClaim = Extract<Claim, { kind: 'run' }>;

class KeyedRun<T> {
  constructor(
    private readonly ctx: GraphContext,
    private readonly name: string,
    private readonly write: KeyedWrite<T>,
  ) {}

  /** Sends, then keeps the outcome under the key (nothing sent: the key goes back to what it was). */
  async send(claim: RunClaim, write = this.write): Promise<T> {
    let result: Execution<T>;
    try {
      result = await write.send().finally(() => forgetAfterWrite(this.ctx));
    } catch (error) {
      await claim.abandon();
      throw error;
    }
    if (result.sent) await claim.settle(settled(result, internalsOf(this.ctx).sendGraceMs));
    else await claim.abandon();
    return result.outcome;
  }

  /** The key may have been used before: REST is asked (or relied on) before anything is sent again. */
  async resolveDoubt(claim: RunClaim, doubt: UnknownOutcome): Promise<T | MutationErrorValue> {
    const how = this.write.reconcile;
    if (how.kind === 'none') {
      await claim.abandon();
      return (doubt.answer as MutationErrorValue | undefined) ?? outcomeUnknown(this.name, doubt);
    }
    if (how.kind === 'guarded') return this.send(claim, this.treatingMissingAsDeleted(how.deleted));
    const found = await this.find(how.find);
    if (found === 'failed') {
      await claim.abandon();
      return unavailable(
        this.name,
        'REST, which tells whether the first request was carried out, could not be asked',
      );
    }
    if (found) {
      await claim.settle({ kind: 'done', value: structuredClone(found) });
      return found;
    }
    // Nothing found while the first send may still land proves nothing yet.
    const waitMs = doubt.notBefore - Date.now();
    if (waitMs > 0) {
      await claim.abandon();
      return busy(this.name, waitMs);
    }
    return this.send(claim);
  }

  /** The store cannot be reached: only what REST shows (the marker) can be answered; nothing is sent. */
  async withoutStore(): Promise<T | MutationErrorValue> {
    const how = this.write.reconcile;
    const found = how.kind === 'marker' ? await this.find(how.find) : null;
    return found && found !== 'failed'
      ? found
      : unavailable(this.name, "paygraph's idempotency key store cannot be reached");
  }

  private async find(find: () => Promise<T | null>): Promise<T | null | 'failed'> {
    try {
      return await find();
    } catch (error) {
      if (error instanceof RestError) return 'failed';
      throw error;
    }
  }

  /** A delete sent again whose object is gone: the first one deleted it (or someone did), as asked. */
  private treatingMissingAsDeleted(deleted: T | undefined): KeyedWrite<T> {
    if (deleted === undefined) return this.write;
    return {
      reconcile: this.write.reconcile,
      send: async () => {
        const result = await this.write.send();
        return isMutationError(result.outcome) && result.outcome.kind === 'NotFoundError'
          ? { ...result, outcome: deleted }
          : result;
      },
    };
  }
}

/**
 * Runs `prepare`'s write under the request's idempotency key, if it has one. A repeat with the same
 * input replays the first outcome without a REST call; a different input is refused; every answer is
 * typed. `prepare` gets the
 * key's marker (undefined without a key) and answers the write, or a refusal of its input.
 */
export async function runIdempotent<T>(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  spec: MutationSpec,
  input: Record<string, unknown>,
  prepare: (marker: string | undefined) => KeyedWrite<T> | MutationErrorValue,
): Promise<T | MutationErrorValue> {
  const key = keyOf(ctx, info, input);
  if (!key) {
    const write = prepare(undefined);
    if (isMutationError(write)) return write;
    return (await write.send().finally(() => forgetAfterWrite(ctx))).outcome;
  }
  if (key.length > MAX_KEY_LENGTH) {
    return mutationError('ValidationError', `idempotencyKey: at most ${MAX_KEY_LENGTH} characters`, {
      fields: [{ path: 'idempotencyKey', message: `is longer than ${MAX_KEY_LENGTH} characters` }],
    });
  }
  const { idempotencyKey: _omitted, ...rest } = input;
  const scope = idempotencyScopeOf(ctx, spec, input);
  const fingerprint = fingerprintOf(spec.name, rest);
  const write = prepare(markerValue(scope, key, fingerprint));
  if (isMutationError(write)) return write;
  const run = new KeyedRun(ctx, spec.name, write);
  let claim: Claim;
  try {
    claim = await internalsOf(ctx).idempotency.claim(scope, key, fingerprint, {
      signal: ctx.signal,
      waitMs: waitMsOf(ctx),
      sendBy: (ctx.deadlineAt ?? Date.now() + DEFAULT_DEADLINE_MS) + internalsOf(ctx).sendGraceMs,
    });
  } catch {
    // Aborted (the request's deadline) while a concurrent request with the key ran.
    return busy(spec.name, ANSWER_MARGIN_MS);
  }
  switch (claim.kind) {
    case 'reused':
      return mutationError(
        'IdempotencyKeyReusedError',
        `${spec.name}: this idempotency key was used with a different input; nothing was sent.`,
      );
    case 'pending':
      return busy(spec.name, ANSWER_MARGIN_MS);
    case 'replay':
      return structuredClone(claim.outcome.value) as T;
    case 'unavailable':
      return run.withoutStore();
    case 'run':
      return claim.doubt ? run.resolveDoubt(claim, claim.doubt) : run.send(claim);
  }
}
