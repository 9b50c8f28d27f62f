import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { cut } from '../shared/text';

export type { Logger };

const MAX_PARAM_NAMES = 20;
const MAX_NAME_LENGTH = 40;

/**
 * A URL as the log keeps it: the path and the names of its query parameters, never their values
 * (`/api/patients?search&limit`), since values are patient search terms or, on `/ws`, a session
 * token. The route's pattern is logged beside it.
 */
export function loggedUrl(url: string | undefined): string {
  if (!url) return '';
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .map((pair) => cut(pair.split('=')[0]!, MAX_NAME_LENGTH))
    .filter(Boolean);
  const kept = [...new Set(names)].slice(0, MAX_PARAM_NAMES);
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  routeOptions?: { url?: string };
  socket?: { remotePort?: number };
};

/** Fastify's request serializer, with the query's values left out (see loggedUrl). */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: loggedUrl(req.url),
    route: req.routeOptions?.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The application's logger; `destination` is for tests that read what was logged. */
export function createLogger(level: LoggerOptions['level'] = 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    serializers: { req: serializeRequest },
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
  };
  return destination ? pino(options, destination) : pino(options);
}
