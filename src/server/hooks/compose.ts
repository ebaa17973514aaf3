// paygraph's plugins' HTTP and execute hooks run as one hook of each kind. yoga, its server adapter and
// envelop run every hook through their promise helpers with a payload of its own (the payload, its
// setters and about ten helper objects per hook per request): paygraph's 17 HTTP hooks and 6 execute
// hooks paid that each. Composed, each kind is one hook calling them in order on one payload, awaiting
// only a hook that returns a promise.
import type { Plugin } from 'graphql-yoga';
import { composedOnExecute } from './execute-hooks';
import {
  composedOnParams,
  composedOnRequest,
  composedOnRequestParse,
  composedOnResponse,
  composedOnResultProcess,
} from './http-hooks';

type Kind = 'onRequest' | 'onRequestParse' | 'onParams' | 'onExecute' | 'onResultProcess' | 'onResponse';
type Lists = { [K in Kind]: NonNullable<Plugin[K]>[] };

/**
 * `plugins` with their hooks of the composed kinds taken out and run by one plugin placed first:
 * every kind runs its hooks in the order of the list, as yoga and envelop would; the plugins keep
 * their other hooks. Hooks are called without `this`, as yoga and envelop call them.
 */
export function withComposedHooks(plugins: readonly Plugin[]): Plugin[] {
  const lists: Lists = {
    onRequest: [],
    onRequestParse: [],
    onParams: [],
    onExecute: [],
    onResultProcess: [],
    onResponse: [],
  };
  const rest = plugins.map((plugin) => {
    const { onRequest, onRequestParse, onParams, onExecute, onResultProcess, onResponse, ...others } = plugin;
    if (onRequest) lists.onRequest.push(onRequest);
    if (onRequestParse) lists.onRequestParse.push(onRequestParse);
    if (onParams) lists.onParams.push(onParams);
    if (onExecute) lists.onExecute.push(onExecute);
    if (onResultProcess) lists.onResultProcess.push(onResultProcess);
    if (onResponse) lists.onResponse.push(onResponse);
    return others;
  });
  const composed: Plugin = {};
  if (lists.onRequest.length) composed.onRequest = composedOnRequest(lists.onRequest);
  if (lists.onRequestParse.length) composed.onRequestParse = composedOnRequestParse(lists.onRequestParse);
  if (lists.onParams.length) composed.onParams = composedOnParams(lists.onParams);
  if (lists.onExecute.length) composed.onExecute = composedOnExecute(lists.onExecute);
  if (lists.onResultProcess.length) composed.onResultProcess = composedOnResultProcess(lists.onResultProcess);
  if (lists.onResponse.length) composed.onResponse = composedOnResponse(lists.onResponse);
  return [composed, ...rest.filter((others) => Object.keys(others).length > 0)];
}
