// The composed hooks behave as yoga's and envelop's own lists of hooks: same order, early ends, setters seen by
// the hooks after, promises awaited, parse-done callbacks run. Checked on a real yoga server.
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { withComposedHooks } from '../../src/server/hooks/compose';

const schema = createSchema({
  typeDefs: 'type Query { hello(name: String): String }',
  resolvers: { Query: { hello: (_: unknown, { name }: { name?: string }) => `hello ${name ?? 'you'}` } },
});

function yogaWith(plugins: Plugin[], composed: boolean) {
  return createYoga({ schema, logging: false, plugins: composed ? withComposedHooks(plugins) : plugins });
}

async function ask(yoga: ReturnType<typeof yogaWith>, query = '{ hello }') {
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, header: response.headers.get('x-seen'), body: await response.text() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Plugins that record each hook they run; the second one's hooks are asynchronous. */
function recording(log: string[]): Plugin[] {
  const plugin = (name: string, wait: boolean): Plugin => ({
    onRequest: async () => {
      if (wait) await tick();
      log.push(`${name}.onRequest`);
    },
    onRequestParse: () => {
      log.push(`${name}.onRequestParse`);
      return { onRequestParseDone: () => void log.push(`${name}.onRequestParseDone`) };
    },
    onParams: () => void log.push(`${name}.onParams`),
    onExecute: async () => {
      if (wait) await tick();
      log.push(`${name}.onExecute`);
      return { onExecuteDone: () => void log.push(`${name}.onExecuteDone`) };
    },
    onResultProcess: () => void log.push(`${name}.onResultProcess`),
    onResponse: async () => {
      if (wait) await tick();
      log.push(`${name}.onResponse`);
    },
  });
  return [plugin('a', false), plugin('b', true), plugin('c', false)];
}

describe('composed hooks', () => {
  it('run every hook in the order yoga runs them, awaiting the asynchronous ones', async () => {
    const plain: string[] = [];
    const composed: string[] = [];
    const a = await ask(yogaWith(recording(plain), false));
    const b = await ask(yogaWith(recording(composed), true));
    expect(b).toEqual(a);
    expect(composed).toEqual(plain);
    expect(composed).toContain('c.onRequestParseDone');
    expect(composed.filter((e) => e.endsWith('.onResponse'))).toEqual([
      'a.onResponse',
      'b.onResponse',
      'c.onResponse',
    ]);
  });

  it('an onRequest or onRequestParse that ends the response skips the hooks after it', async () => {
    for (const kind of ['onRequest', 'onRequestParse'] as const) {
      const log: string[] = [];
      const ending: Plugin = {
        [kind]: ({ endResponse }: { endResponse: (r: Response) => void }) =>
          endResponse(new Response('no', { status: 418 })),
      };
      const later: Plugin = { [kind]: () => void log.push('later') };
      const answer = await ask(yogaWith([ending, later], true));
      expect(answer.status).toBe(418);
      expect(log).toEqual([]);
    }
  });

  it('what a hook sets, the hooks after it see: params, parse result, result, response', async () => {
    const seen: unknown[] = [];
    const first: Plugin = {
      onRequestParse: () => ({
        onRequestParseDone: ({ requestParserResult, setRequestParserResult }) =>
          setRequestParserResult({
            ...requestParserResult,
            variables: undefined,
            query: '{ hello(name: "parse") }',
          }),
      }),
      onParams: (p) => p.setParams({ ...p.params, query: p.params.query!.replace('parse', 'params') }),
      onResultProcess: (p) =>
        p.setResult({ ...(p.result as object), extensions: { first: true } } as typeof p.result),
      onResponse: (p) =>
        p.setResponse(new Response(p.response.body, { status: 200, headers: { 'x-seen': 'first' } })),
    };
    const second: Plugin = {
      onRequestParse: () => ({
        onRequestParseDone: ({ requestParserResult }) => void seen.push(requestParserResult),
      }),
      onParams: ({ params }) => void seen.push(params.query),
      onResultProcess: ({ result }) => void seen.push(result),
      onResponse: (p) =>
        p.setResponse(
          new Response(p.response.body, {
            headers: { 'x-seen': `${p.response.headers.get('x-seen')}, second` },
          }),
        ),
    };
    const answer = await ask(yogaWith([first, second], true));
    expect(seen[0]).toMatchObject({ query: '{ hello(name: "parse") }' });
    expect(seen[1]).toBe('{ hello(name: "params") }');
    expect(seen[2]).toMatchObject({ extensions: { first: true } });
    expect(answer.header).toBe('first, second');
    expect(JSON.parse(answer.body)).toEqual({ data: { hello: 'hello params' }, extensions: { first: true } });
  });

  it('execute hooks: each sees the execute function set before it; a result set early stops the rest', async () => {
    const log: string[] = [];
    const wrapping: Plugin = {
      onExecute: ({ executeFn, setExecuteFn }) =>
        setExecuteFn(function wrapper(args) {
          log.push('wrapped');
          return executeFn(args);
        }),
    };
    const seeing: Plugin = {
      onExecute: ({ executeFn }) => {
        log.push(`sees ${executeFn.name}`);
        return {
          onExecuteDone: ({ result, setResult }) =>
            setResult({ ...(result as object), extensions: { done: 1 } } as typeof result),
        };
      },
    };
    const afterDone: Plugin = {
      onExecute: () => ({
        onExecuteDone: ({ result }) =>
          void log.push(JSON.stringify((result as { extensions?: unknown }).extensions)),
      }),
    };
    const answer = await ask(yogaWith([wrapping, seeing, afterDone], true));
    expect(log).toEqual(['sees wrapper', 'wrapped', '{"done":1}']);
    expect(JSON.parse(answer.body)).toEqual({ data: { hello: 'hello you' }, extensions: { done: 1 } });

    const stopped: string[] = [];
    const stopping: Plugin = {
      onExecute: ({ setResultAndStopExecution }) => setResultAndStopExecution({ data: { hello: 'stopped' } }),
    };
    const later: Plugin = { onExecute: () => void stopped.push('later') };
    expect(JSON.parse((await ask(yogaWith([stopping, later], true))).body)).toEqual({
      data: { hello: 'stopped' },
    });
    expect(stopped).toEqual([]);
  });

  it('a hook that reads its payload later reads what it was given, not what it set (as @envelop/response-cache does)', async () => {
    // Each wraps the execute function it was given, reading it from its payload when called.
    const lazy: Plugin = { onExecute: (payload) => payload.setExecuteFn((args) => payload.executeFn(args)) };
    const lazyParser: Plugin = {
      onRequestParse: (payload) => payload.setRequestParser((request) => payload.requestParser!(request)),
    };
    const answer = await ask(yogaWith([lazy, lazyParser, lazy, lazyParser], true));
    expect(JSON.parse(answer.body)).toEqual({ data: { hello: 'hello you' } });
  });

  it("keeps the plugins' other hooks and drops none of the composed ones", () => {
    const onSubscribe = () => undefined;
    const plugins = withComposedHooks([
      { onRequest: () => undefined, onExecute: () => undefined, onSubscribe },
      { onResponse: () => undefined },
    ]);
    expect(plugins).toHaveLength(2);
    expect(Object.keys(plugins[0]).sort()).toEqual(['onExecute', 'onRequest', 'onResponse']);
    expect(plugins[1]).toEqual({ onSubscribe });
  });
});
