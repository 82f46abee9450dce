import { pino, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Bytes of log lines gathered before they are written (some 20 request lines). */
const LOG_BLOCK_BYTES = 4096;
/** The longest a log line waits for others to fill its block. */
const LOG_FLUSH_MS = 250;

/**
 * The server's one logger: JSON lines (pino) on stdout, or into `write` (a test keeps them). Everything the server
 * tells an operator goes through it, the request log included, so that one LOG_LEVEL governs all and a log
 * collector parses every line the same way. Field names that could carry a secret are censored wherever they appear,
 * as a second guard: the request log itself never takes headers, bodies or query strings.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const options = {
    level,
    base: { service: 'stratum' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        'token',
        'secret',
        '*.password',
        '*.token',
        '*.secret',
        'headers.authorization',
        'headers.token',
      ],
      censor: '[redacted]',
    },
  };
  // stdout written asynchronously and in blocks of lines (pino flushes what is left when the process exits): a write
  // per request line, synchronous or not, was a system call per request, 8 % of the server's busy time under load
  // (README, "Performance"). A quiet server's lines still leave within LOG_FLUSH_MS.
  return write
    ? pino(options, { write: (line: string) => write(line.trimEnd()) })
    : pino(
        options,
        pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES, periodicFlush: LOG_FLUSH_MS }),
      );
}
