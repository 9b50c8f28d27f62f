/**
 * Errors the HTTP layer turns into the response envelope. Domain modules throw these
 * (or subclasses with domain names) and never build error responses themselves.
 */
export type FieldError = { field: string; message: string };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
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
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message = 'This record was changed by someone else. Reload and try again.') {
    super(409, message);
  }
}
export class Locked extends AppError {
  constructor(message: string) {
    super(423, message);
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
