import { stableJson } from '../domain/stable-json';

/** The longest Idempotency-Key header a server accepts (Stripe allows 255; a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * A command's identity: its endpoint's name and its request as parsed by the endpoint's schema (the
 * one form both ends see), with keys in order. Two sends with the same id are the same command: the
 * station's duplicate guard and its once-commands compare it, the server hashes it with the key.
 */
export function commandId(name: string, parsedRequest: unknown): string {
  return `${name} ${stableJson(parsedRequest)}`;
}
