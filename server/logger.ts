import { pino, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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
  // stdout written asynchronously (pino flushes what is left when the process exits): a synchronous write per request
  // line held the event loop for each one, 8 % of the server's busy time under load (README, "Performance")
  return write
    ? pino(options, { write: (line: string) => write(line.trimEnd()) })
    : pino(options, pino.destination({ dest: 1, sync: false }));
}
