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
    redact: { paths: ['password', 'token', 'secret', '*.password', '*.token', '*.secret', 'headers.authorization', 'headers.token'], censor: '[redacted]' },
  };
  return write ? pino(options, { write: (line: string) => write(line.trimEnd()) }) : pino(options);
}
