// Bulk mutations: any number of items, sent in REST bulk calls of at most the bulk limit. Items answer
// with the single mutation's result (`createCustomers` items are CreateCustomerResult), in input order
// whatever order REST answers in.
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { bodyProperties, mutationSpecByName, type MutationSpec } from '../../catalog';
import { RestError } from '../../rest/errors';
import { internalsOf, type GraphContext } from '../context';
import { spaceFor } from '../entity-cache';
import {
  fromRestError,
  fromStatus,
  mutationError,
  outcomeUnknown,
  validationError,
  type MutationErrorValue,
  type ObjectRef,
} from './errors';
import { Problems, readId, readSpace, readVersion, restValue } from './ids';
import { runIdempotent } from './idempotent-run';
import { noteWrite } from './notify';
import type { PayloadValue } from './payload';
import { bodyOf, type Input } from './request';
import { refusal, send, type MutationOutcome } from './run';
import { validateBodyItem } from './validate';

export interface BulkPayloadValue {
  kind: 'bulkPayload';
  results: MutationOutcome[];
}

interface Item {
  index: number;
  body: unknown;
  object?: ObjectRef;
  sentVersion?: number;
}

interface BulkAnswer {
  id?: number | bigint;
  statusCode?: number;
  error?: { message?: string; errors?: Record<string, string>; id?: string };
}

/** One item of the input as its REST bulk item, or its problems (paths under the items field). */
function readItem(spec: MutationSpec, raw: unknown, index: number, space: number, problems: Problems): Item {
  const model = spec.resource!.model;
  const path = `${spec.bulkItemsField}[${index}]`;
  if (spec.kind === 'bulkDelete') {
    const id = readId(model, raw, path, problems);
    if (id?.space !== undefined && id.space !== space)
      problems.add(path, `names an object of space ${String(id.space)}, not ${space}`);
    return {
      index,
      body: id ? restValue(model, id.key) : null,
      object: id ? { model, space, key: id.key } : undefined,
    };
  }
  const input = raw as Input;
  const body = bodyOf(
    spec.body?.model,
    bodyProperties(spec.body?.schema.items ?? {}),
    input,
    space,
    problems,
    `${path}.`,
  );
  if (spec.kind === 'bulkCreate') return { index, body };
  const id = readId(model, input.id, `${path}.id`, problems);
  if (id?.space !== undefined && id.space !== space)
    problems.add(`${path}.id`, `names an object of space ${String(id.space)}, not ${space}`);
  const key = id?.key ?? '';
  return {
    index,
    body: { id: id ? restValue(model, key) : null, ...body },
    object: id ? { model, space, key } : undefined,
    sentVersion: readVersion(input.version, `${path}.version`, problems),
  };
}

/** Problems of the items, by item index (REST body paths `[i].x` read as `customers[i].x`). */
function problemsByItem(
  spec: MutationSpec,
  items: Item[],
  read: Problems,
): Map<number, { path: string; message: string }[]> {
  const byItem = new Map<number, { path: string; message: string }[]>();
  const add = (index: number, p: { path: string; message: string }) =>
    byItem.set(index, [...(byItem.get(index) ?? []), p]);
  for (const p of read.list) add(Number(/\[(\d+)\]/.exec(p.path)?.[1] ?? 0), p);
  items.forEach((item) => {
    if (byItem.has(item.index)) return;
    const path = `${spec.bulkItemsField}[${item.index}]`;
    for (const p of validateBodyItem(spec.operation.operationId, item.body, path)) add(item.index, p);
  });
  return byItem;
}

function itemOutcome(
  spec: MutationSpec,
  item: Item,
  answer: BulkAnswer | undefined,
  space: number,
): MutationOutcome {
  const single = mutationSpecByName.get(spec.itemMutation!)!;
  const status = answer?.statusCode ?? 0;
  if (answer && status >= 200 && status < 300) {
    const model = spec.resource!.model;
    const object =
      item.object ??
      (answer.id !== undefined
        ? { model, space: spaceFor(model, space), key: String(answer.id) }
        : undefined);
    const payload: PayloadValue = {
      kind: 'payload',
      mutation: single.name,
      expand: [],
      resultModel: single.resultModel,
      space,
      object,
      deleted: spec.kind === 'bulkDelete',
    };
    return payload;
  }
  const context = { mutation: single.name, object: item.object, sentVersion: item.sentVersion };
  return fromStatus(status, context, {
    said: answer?.error?.message,
    errors: answer?.error?.errors ?? {},
    upstreamErrorId: answer?.error?.id,
  });
}

/**
 * Bulk calls of one mutation in flight at once: a bulk of thousands of items goes as a steady stream of
 * calls rather than one burst that an upstream rate limit would answer with 429 for whole chunks
 * (bulk calls are never retried). At the default bulk limit (100), 400 items go out in one round.
 */
export const CHUNKS_IN_FLIGHT = 4;

/** What one chunk came to: its items' outcomes, or a failure that is not a RestError. */
type ChunkAnswer = { outcomes: MutationOutcome[]; sent: boolean } | { failure: unknown };

/**
 * REST bulk calls are all-or-nothing: a failed chunk's items all carry its error (the other chunks
 * still run).
 */
async function sendChunk(
  ctx: GraphContext,
  spec: MutationSpec,
  space: number,
  chunk: Item[],
): Promise<ChunkAnswer> {
  const mutation = spec.itemMutation!;
  try {
    const body = (await send(
      ctx,
      spec,
      { space, path: {}, query: {}, body: chunk.map((i) => i.body) },
      [],
    )) as BulkAnswer[];
    return {
      outcomes: chunk.map((item, i) =>
        itemOutcome(spec, item, Array.isArray(body) ? body[i] : undefined, space),
      ),
      sent: true,
    };
  } catch (error) {
    if (!(error instanceof RestError)) return { failure: error };
    return {
      outcomes: chunk.map((item) =>
        fromRestError(error, { mutation, object: item.object, sentVersion: item.sentVersion }),
      ),
      sent: error.attempts > 0 || outcomeUnknown(error),
    };
  }
}

/**
 * The items of a chunk that failed without a REST answer (paygraph's own refusal, such as its rate
 * limit, or a fault) while other chunks were sent: the outcome is kept for the idempotency key, so
 * each item says what happened; only a rate-limit refusal is known to have sent nothing.
 */
function failedChunkOutcome(mutation: string, failure: unknown): MutationErrorValue {
  const extensions = failure instanceof GraphQLError ? failure.extensions : {};
  if (extensions.code === 'RATE_LIMITED') {
    const retryAfterSeconds =
      typeof extensions.retryAfterSeconds === 'number' ? extensions.retryAfterSeconds : undefined;
    return mutationError(
      'RateLimitedError',
      `${mutation}: the rate limit refused this item's bulk call; it was not sent.`,
      {
        retryAfterSeconds,
      },
    );
  }
  return mutationError(
    'UpstreamError',
    `${mutation}: this item's bulk call failed in paygraph and may have been carried out. Read the object before trying again.`,
    { outcomeUnknown: true },
  );
}

/**
 * How many chunks may be in flight at once: one when an object is named in two chunks (the later item
 * must meet the earlier one's write, such as two updates of one customer, versions 1 then 2).
 */
function chunksInFlight(chunks: Item[][]): number {
  const chunkOf = new Map<string, number>();
  for (const [index, chunk] of chunks.entries()) {
    for (const { object } of chunk) {
      if (!object) continue;
      if ((chunkOf.get(object.key) ?? index) !== index) return 1;
      chunkOf.set(object.key, index);
    }
  }
  return CHUNKS_IN_FLIGHT;
}

/** Runs the tasks at most `width` at once, in order of start; answers in task order. Tasks must not reject. */
async function inOrder<T>(width: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const answers = new Array<T>(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      answers[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return answers;
}

/** Invalid items are refused before any call; the others go on. */
async function execute(
  ctx: GraphContext,
  spec: MutationSpec,
  space: number,
  items: Item[],
  invalid: Map<number, { path: string; message: string }[]>,
) {
  const results: MutationOutcome[] = new Array<MutationOutcome>(items.length);
  for (const [index, problems] of invalid) results[index] = validationError(problems);
  const valid = items.filter((item) => !invalid.has(item.index));
  const limit = internalsOf(ctx).restLimits.bulkLimit;
  const chunks = Array.from({ length: Math.ceil(valid.length / limit) }, (_, i) =>
    valid.slice(i * limit, (i + 1) * limit),
  );
  // Every chunk is waited for, so that nothing is still in flight when the outcome is kept or dropped.
  const answers = await inOrder(
    chunksInFlight(chunks),
    chunks.map((chunk) => () => sendChunk(ctx, spec, space, chunk)),
  );
  const sent = answers.some((a) => 'sent' in a && a.sent);
  if (sent) noteWrite(ctx, spec, { space, path: {}, query: {} }, undefined);
  const failed = answers.find((a) => 'failure' in a);
  // Nothing reached REST: the failure is the field's, and the idempotency key stays free, as before a single call.
  if (failed && !sent) throw failed.failure;
  answers.forEach((answer, c) => {
    const outcomes =
      'failure' in answer
        ? chunks[c].map(() => failedChunkOutcome(spec.itemMutation!, answer.failure))
        : answer.outcomes;
    chunks[c].forEach((item, j) => (results[item.index] = outcomes[j]));
  });
  const outcome: BulkPayloadValue = { kind: 'bulkPayload', results };
  // Item outcomes carry their own unknowns; the whole is stored as it is.
  return { outcome, sent, unknown: false };
}

/**
 * The whole outcome is kept under the idempotency key once any chunk was sent, so a retry never sends
 * a written chunk again.
 */
export async function runBulk(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  spec: MutationSpec,
  input: Input,
): Promise<BulkPayloadValue | MutationErrorValue> {
  const problems = new Problems();
  const space = readSpace(input.space, 'space', problems);
  const raw = input[spec.bulkItemsField!];
  const list = Array.isArray(raw) ? raw : [];
  if (list.length === 0) problems.add(spec.bulkItemsField!, 'needs at least one item');
  if (space === null || problems.list.length > 0) return validationError(problems.list);
  const refused = refusal(ctx, spec, space);
  if (refused) return refused;
  const read = new Problems();
  const items = list.map((item, index) => readItem(spec, item, index, space, read));
  const invalid = problemsByItem(spec, items, read);
  // Bulk outcomes are kept whole once anything was sent (each item says what happened to it): no marker.
  return runIdempotent(ctx, info, spec, input, () => ({
    send: () => execute(ctx, spec, space, items, invalid),
    reconcile: { kind: 'none' },
  }));
}
