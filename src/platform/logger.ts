import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export function createLogger(level: LoggerOptions['level'] = 'info'): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        '*.password',
        '*.confirmPassword',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
