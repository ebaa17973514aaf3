// One hook of each HTTP kind (on request, request parse, params, result process, response) running a
// list of them as yoga and its server adapter would: in order, each seeing what the ones before set.
import type { Plugin } from 'graphql-yoga';
import { isThenable, never, runInOrder } from './run-in-order';

type Hook<K extends HttpHookKind> = NonNullable<Plugin[K]>;
type PayloadOf<K extends HttpHookKind> = Parameters<Hook<K>>[0];
type ResultOf<K extends HttpHookKind> = ReturnType<Hook<K>>;

type HttpHookKind = 'onRequest' | 'onRequestParse' | 'onParams' | 'onResultProcess' | 'onResponse';

/** One onRequest: a hook's setRequest, setRequestHandler and endResponse reach yoga and the hooks after it. */
export function composedOnRequest(hooks: Hook<'onRequest'>[]): Hook<'onRequest'> {
  return (outer) => {
    let ended = false;
    const payload: PayloadOf<'onRequest'> = {
      ...outer,
      setRequest(request) {
        payload.request = request;
        outer.setRequest(request);
      },
      setRequestHandler(handler) {
        payload.requestHandler = handler;
        outer.setRequestHandler(handler);
      },
      endResponse(response) {
        outer.endResponse(response);
        if (response) ended = true;
      },
    };
    return runInOrder(hooks, payload, () => ended);
  };
}

/** One onRequestParse: the request parser as the hooks before set it; their onRequestParseDone, in order. */
export function composedOnRequestParse(hooks: Hook<'onRequestParse'>[]): Hook<'onRequestParse'> {
  return (outer) => {
    let ended = false;
    const done: ((payload: ParseDonePayload) => unknown)[] = [];
    const payload: PayloadOf<'onRequestParse'> = {
      ...outer,
      setRequestParser(parser) {
        payload.requestParser = parser;
        outer.setRequestParser(parser);
      },
      endResponse(response) {
        outer.endResponse(response);
        ended = true;
      },
    };
    const collect = (returned: unknown) => {
      const after = (returned as { onRequestParseDone?: (p: ParseDonePayload) => unknown } | undefined)
        ?.onRequestParseDone;
      if (after) done.push(after);
    };
    const result = { onRequestParseDone: (p: ParseDonePayload) => afterParse(done, p) };
    const ran = runInOrder(hooks, payload, () => ended, collect);
    return isThenable(ran)
      ? ran.then(() => (done.length ? result : undefined))
      : done.length
        ? result
        : undefined;
  };
}

type ParseDonePayload = Parameters<
  NonNullable<Exclude<Awaited<ResultOf<'onRequestParse'>>, void>['onRequestParseDone']>
>[0];

function afterParse(done: ((p: ParseDonePayload) => unknown)[], outer: ParseDonePayload) {
  const payload: ParseDonePayload = {
    ...outer,
    setRequestParserResult(result) {
      payload.requestParserResult = result;
      outer.setRequestParserResult(result);
    },
  };
  return runInOrder(done, payload, never);
}

/** One onParams: each hook sees the params and handler the ones before it set. */
export function composedOnParams(hooks: Hook<'onParams'>[]): Hook<'onParams'> {
  return (outer) => {
    const payload: PayloadOf<'onParams'> = {
      ...outer,
      setParams(params) {
        payload.params = params;
        outer.setParams(params);
      },
      setParamsHandler(handler) {
        payload.paramsHandler = handler;
        outer.setParamsHandler(handler);
      },
    };
    return runInOrder(hooks, payload, never);
  };
}

/** One onResultProcess: each hook sees the result and result processor the ones before it set. */
export function composedOnResultProcess(hooks: Hook<'onResultProcess'>[]): Hook<'onResultProcess'> {
  return (outer) => {
    const payload: PayloadOf<'onResultProcess'> = {
      ...outer,
      setResult(result) {
        payload.result = result;
        outer.setResult(result);
      },
      setResultProcessor(processor, mediaType) {
        payload.resultProcessor = processor;
        outer.setResultProcessor(processor, mediaType);
      },
    };
    return runInOrder(hooks, payload, never);
  };
}

/** One onResponse: each hook sees the response the ones before it set. */
export function composedOnResponse(hooks: Hook<'onResponse'>[]): Hook<'onResponse'> {
  return (outer) => {
    const payload: PayloadOf<'onResponse'> = {
      ...outer,
      setResponse(response) {
        payload.response = response;
        outer.setResponse(response);
      },
    };
    return runInOrder(hooks, payload, never);
  };
}
