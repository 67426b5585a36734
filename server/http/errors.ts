import type { ErrorKey, SystemKey } from '../../shared/api/keys';
import type { ApiFailure } from '../../shared/api/envelope';

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
