// Runs a mutation at most once per idempotency key: the key comes from the input's `idempotencyKey`
// or the request's `Idempotency-Key` header (then per mutation field of the operation), scoped per
// caller. A repeat with the same input replays the first outcome without a REST call; a different
// input is refused; an outcome REST never confirmed (timeout) is reported, never sent again.
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationSpec } from '../../catalog';
import type { GraphContext } from '../context';
import { forgetAfterWrite, internalsOf } from '../context';
import { mutationError, type MutationErrorValue } from './errors';
import { DEFAULT_IDEMPOTENCY_WAIT_MS, fingerprintOf, type StoredOutcome } from './idempotency';
import { idempotencyScopeOf } from './key-scope';

export interface Execution<T> {
  outcome: T;
  /** Whether anything reached REST (nothing sent: the key is freed for a new try). */
  sent: boolean;
  /** Whether the call may have been carried out without an answer. */
  unknown: boolean;
}

const MAX_KEY_LENGTH = 255;
/** A wait for a concurrent claim ends this long before the request's deadline, so the caller gets a typed answer. */
const ANSWER_MARGIN_MS = 1_000;

/** How long to wait for a concurrent first claim: the default, cut short to end before the request's deadline. */
function waitMsOf(ctx: GraphContext): number | undefined {
  if (ctx.deadlineAt === undefined) return undefined;
  return Math.max(0, Math.min(DEFAULT_IDEMPOTENCY_WAIT_MS, ctx.deadlineAt - Date.now() - ANSWER_MARGIN_MS));
}

function keyOf(ctx: GraphContext, info: GraphQLResolveInfo, input: Record<string, unknown>): string | undefined {
  if (typeof input.idempotencyKey === 'string' && input.idempotencyKey !== '') return `input:${input.idempotencyKey}`;
  // One header for the whole request: each mutation field (by its response key) has a key of its own.
  return ctx.idempotencyKey ? `header:${ctx.idempotencyKey}#${info.path.key}` : undefined;
}

function unknownOutcome(name: string, reason: string): MutationErrorValue {
  return mutationError('UpstreamError', `${name}: ${reason} Read the object before trying again with a new key.`, { outcomeUnknown: true });
}

function replayed<T>(name: string, stored: StoredOutcome): T | MutationErrorValue {
  if (stored.kind === 'unknown') return unknownOutcome(name, stored.reason);
  return structuredClone(stored.value) as T;
}

export async function runIdempotent<T>(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  spec: MutationSpec,
  input: Record<string, unknown>,
  execute: () => Promise<Execution<T>>,
): Promise<T | MutationErrorValue> {
  // After a write, whatever the request read before may be stale: forgotten, whatever the outcome.
  const work = () => execute().finally(() => forgetAfterWrite(ctx));
  const key = keyOf(ctx, info, input);
  if (!key) return (await work()).outcome;
  if (key.length > MAX_KEY_LENGTH) {
    return mutationError('ValidationError', `idempotencyKey: at most ${MAX_KEY_LENGTH} characters`, {
      fields: [{ path: 'idempotencyKey', message: `is longer than ${MAX_KEY_LENGTH} characters` }],
    });
  }
  const { idempotencyKey: _omitted, ...rest } = input;
  const claim = await internalsOf(ctx).idempotency.claim(idempotencyScopeOf(ctx, spec, input), key, fingerprintOf(spec.name, rest), {
    signal: ctx.signal,
    waitMs: waitMsOf(ctx),
  });
  switch (claim.kind) {
    case 'reused':
      return mutationError(
        'IdempotencyKeyReusedError',
        `${spec.name}: this idempotency key was used with a different input; nothing was sent.`,
      );
    case 'pending':
      return unknownOutcome(spec.name, 'a request with this idempotency key is still running.');
    case 'replay':
      return replayed<T>(spec.name, claim.outcome);
    case 'run':
      break;
  }
  let result: Execution<T>;
  try {
    result = await work();
  } catch (error) {
    await claim.abandon();
    throw error;
  }
  if (result.unknown) await claim.settle({ kind: 'unknown', reason: 'REST did not confirm the outcome of the call.' });
  else if (!result.sent) await claim.abandon();
  else await claim.settle({ kind: 'done', value: structuredClone(result.outcome) });
  return result.outcome;
}
