// The app's side of tracing: its plugin, and what the served process's tracing offers. Apart from
// tracing.ts so that the app loads no OpenTelemetry SDK (a 0.38 MB chunk) while tracing is off.
import type { Plugin } from 'graphql-yoga';
import type { CallEvent } from '../../rest/client';

export interface Tracing {
  /** The yoga plugin: a span around each operation's execution, the parent of its REST calls' spans. */
  plugin: Plugin;
  /** For the REST client's `onCall`: a span for the call, under the operation that made it. */
  onRestCall(event: CallEvent): void;
  /** Exports what is pending and stops. */
  shutdown(): Promise<void>;
}

/** The app's tracing plugin: none (no hook, no cost) when tracing is off. */
export function useTracing(tracing: Tracing | undefined): Plugin {
  return tracing?.plugin ?? {};
}
