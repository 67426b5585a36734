import type { ErrorKey, MessageKey, SystemKey } from '../../shared/api/keys';
import type { ApiFailure, FieldError } from '../../shared/api/envelope';

/** A refusal a service means to give: a catalogue key, mapped to its HTTP status by the route layer. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey | SystemKey,
    readonly extra: Omit<ApiFailure, 'status' | 'message'> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** A field a service refuses after the schema let it through: VALIDATION_FAILED naming it. */
export const fieldRefused = (path: string, message = 'FIELD_INVALID') =>
  new AppError('VALIDATION_FAILED', { errors: [{ path, message }] });

/**
 * A request its schema refused (or a header too long to keep): always 400, its message the key a field
 * names where one does (a missing password is PASSWORD_MISSING), with one reason per field.
 */
export class ValidationFailure extends Error {
  constructor(
    readonly key: MessageKey,
    readonly errors: FieldError[],
  ) {
    super(key);
    this.name = 'ValidationFailure';
  }
}
