// The sandbox's HTTP server: reads a request, applies faults, runs the pipeline, writes the answer.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { API_PREFIX, openapiText, operations } from '../catalog';
import { handleAdmin, RequestCounter } from './admin';
import { handleCheckout, isCheckoutPath } from './checkout';
import type { HandlerResult } from './context';
import { ApiError, errorBody } from './errors';
import type { Faults } from './faults';
import { apiPath, runOperation, type PipelineDeps } from './pipeline';
import { Router } from './router';
import { SearchFieldError, SearchSyntaxError } from './search';

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const router = new Router(operations);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES)
        reject(new ApiError(413, `The request body exceeds ${MAX_BODY_BYTES} bytes.`));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function writeResult(res: ServerResponse, result: HandlerResult): void {
  const headers: Record<string, string> = { ...result.headers };
  if (result.status === 204 || result.body === undefined) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  const raw = typeof result.body === 'string' || Buffer.isBuffer(result.body);
  headers['content-type'] = result.contentType ?? 'application/json; charset=utf-8';
  res.writeHead(result.status, headers);
  // A long document (a CSV export of many rows) is streamed as it is made, chunked.
  if (result.contentType && result.body instanceof Readable) {
    pipeline(result.body, res).catch(() => res.destroy());
    return;
  }
  res.end(raw && result.contentType ? (result.body as string | Buffer) : JSON.stringify(result.body));
}

function writeError(res: ServerResponse, error: unknown): void {
  let status = 500;
  let message = 'Internal error in the sandbox.';
  let errors: Record<string, string> = {};
  let headers: Record<string, string> = {};
  if (error instanceof ApiError) ({ status, message, errors, headers } = error);
  else if (error instanceof SearchSyntaxError)
    [status, message, errors] = [400, error.message, { query: `syntax error at position ${error.position}` }];
  else if (error instanceof SearchFieldError)
    [status, message, errors] = [
      400,
      error.message,
      { [error.field]: 'cannot be searched or sorted this way' },
    ];
  else process.stderr.write(`sandbox: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  writeResult(res, { status, body: errorBody(status, message, errors), headers });
}

function outsideApi(url: string): ApiError {
  const version = /^\/api\/(v\d+(?:\.\d+)?)\//.exec(url);
  if (version)
    return new ApiError(410, `API version ${version[1]} is not served here; this is ${API_PREFIX}.`);
  return new ApiError(404, `Nothing is served at ${url.split('?')[0]}; the API lives under ${API_PREFIX}.`);
}

export function createSandboxServer(deps: PipelineDeps, faults: Faults, counter: RequestCounter): Server {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (url.startsWith('/__admin/'))
      return handleAdmin(req, res, body, { faults, counter, timeline: deps.timeline });
    if (isCheckoutPath(url)) {
      deps.timeline.catchUp();
      return handleCheckout(req, res, body, deps.state);
    }
    if (url.split('?')[0] === `${API_PREFIX}/openapi.json`) {
      return writeResult(res, {
        status: 200,
        body: openapiText(),
        contentType: 'application/json; charset=utf-8',
      });
    }
    const path = apiPath(url);
    if (path === undefined) throw outsideApi(url);
    const routed = router.route(method, path);
    if (!routed) throw new ApiError(404, `No operation ${method} ${API_PREFIX}${path}.`);
    if ('allowed' in routed) {
      throw new ApiError(
        405,
        `${method} is not allowed on ${API_PREFIX}${path}; allowed: ${routed.allowed.join(', ')}.`,
        {},
        { allow: routed.allowed.join(', ') },
      );
    }
    const operationId = routed.match.op.operationId;
    counter.count(operationId);
    // The fault is decided on arrival, so a request abandoned during its latency cannot consume a
    // counted fault meant for the next one; an abandoned request is not handled at all.
    const fault = faults.decide(method, operationId);
    const latency = faults.latencyFor(method, operationId);
    if (latency > 0) await sleep(latency);
    if (req.socket.destroyed) return;
    if (fault.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'error') {
      const headers: Record<string, string> =
        fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
      throw new ApiError(fault.status, `Injected fault: ${fault.status} for ${operationId}.`, {}, headers);
    }
    deps.timeline.catchUp();
    writeResult(res, await runOperation({ method, url, headers: req.headers, body }, routed.match, deps));
  }

  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) writeError(res, error);
    });
  });
  return server;
}
