// Graceful close of the HTTP server: stop accepting, let requests in flight finish, close each
// keep-alive connection as soon as it goes idle, and cut whatever is still open after the grace period.
import type { Server } from 'node:http';

export const DEFAULT_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 50;

export function drainServer(server: Server, graceMs = DEFAULT_GRACE_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    // Connections that finish their response after close() stay open as keep-alive: swept while draining.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
