/**
 * Errors the HTTP layer turns into the response envelope. Domain modules throw these
 * (or subclasses with domain names) and never build error responses themselves.
 */
export type FieldError = { field: string; message: string };

/** What a client can act on besides the message: a stable `code` and fields such as `loginPath`. */
export type ErrorExtra = { code?: string; details?: Record<string, unknown> };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    readonly extra?: ErrorExtra,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message = 'Please check your input and try again', errors?: FieldError[]) {
    super(400, message, errors);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required', extra?: ErrorExtra) {
    super(401, message, undefined, undefined, extra);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this', extra?: ErrorExtra) {
    super(403, message, undefined, undefined, extra);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message = 'This record was changed by someone else. Reload and try again.', extra?: ErrorExtra) {
    super(409, message, undefined, undefined, extra);
  }
}
export class Locked extends AppError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(423, message, undefined, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined);
  }
}
export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(429, message, undefined, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined);
  }
}
export class ServiceUnavailable extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
