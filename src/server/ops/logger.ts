// The pino logger of the served process: JSON lines on stderr (stdout carries the CLI's ready line),
// level from PAYGRAPH_LOG_LEVEL. Secret-looking fields are redacted wherever they appear, as a second
// line of defence: the log lines themselves are built from names, codes and counts only.
import pino, { type DestinationStream, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const REDACT = [
  'authorization',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  '*.authorization',
  '*.authKey',
  '*.key',
  '*.token',
  '*.secret',
  '*.password',
  'authKey',
  'key',
  'token',
];

/** The level named by `value` (PAYGRAPH_LOG_LEVEL), `fallback` when unset; a bad value is refused with the valid ones. */
export function logLevelFrom(value: string | undefined, fallback: LogLevel): LogLevel {
  if (value === undefined || value === '') return fallback;
  const level = value.toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  throw new Error(`PAYGRAPH_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  if (level === 'silent' && !destination) return pino({ level });
  return pino(
    { level, base: { service: 'paygraph' }, redact: { paths: REDACT, censor: '[redacted]' } },
    destination ?? pino.destination(2),
  );
}
