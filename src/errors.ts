// Typed domain errors. Services throw these; they know nothing about HTTP.
// http/error-handler.ts is the one place that turns them into envelopes.

export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'limit_exceeded'
  | 'not_supported'
  | 'provider_failed'
  | 'provider_timeout'
  | 'unavailable';

export class DomainError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = new.target.name;
  }
}

/** Bad input: names the field and the rule, e.g. `Bedrooms: must be a number`. */
export class Invalid extends DomainError {
  readonly field: string;
  readonly rule: string;
  constructor(field: string, rule: string) {
    super('invalid', `${field}: ${rule}`);
    this.field = field;
    this.rule = rule;
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'missing or unknown credential (Authorization or chatrobot-sessionkey header)') {
    super('unauthorized', message);
  }
}

export class Forbidden extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

/** Unknown, or belonging to another workspace: the two are never told apart. */
export class NotFound extends DomainError {
  constructor(what: string) {
    super('not_found', `${what} not found`);
  }
}

export class Conflict extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class TooLarge extends DomainError {
  constructor(message: string) {
    super('too_large', message);
  }
}

export class UnsupportedType extends DomainError {
  constructor(message: string) {
    super('unsupported_type', message);
  }
}

export class LimitExceeded extends DomainError {
  /** Seconds until a retry can succeed, when known. */
  readonly retryAfter: number | undefined;
  constructor(message: string, retryAfter?: number) {
    super('limit_exceeded', message);
    this.retryAfter = retryAfter;
  }
}

export class NotSupported extends DomainError {
  constructor(message: string) {
    super('not_supported', message);
  }
}

export class ProviderFailed extends DomainError {
  constructor(message: string) {
    super('provider_failed', message);
  }
}

export class ProviderTimeout extends DomainError {
  constructor(message = 'the model provider did not answer in time') {
    super('provider_timeout', message);
  }
}

export class Unavailable extends DomainError {
  constructor(message = 'the database is unavailable') {
    super('unavailable', message);
  }
}
