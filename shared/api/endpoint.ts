import type { z } from 'zod';
import type { SuccessKey, SystemSuccessKey } from './keys';
import type { TagRef } from './cache';
import type { FeatureFlag, Feature } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/**
 * Who may call an endpoint. Every endpoint declares one: `public` (no token, e.g. login),
 * `authenticated` (any signed-in employee, e.g. lookup lists) or a feature right.
 */
export type Permission =
  | 'public'
  | 'authenticated'
  | {
      action: FeatureFlag;
      subject: Feature;
      /** Room work (spec 6): the supervisor token must come too, in its own header. */
      supervisor?: true;
      /**
       * A narrower right that also lets the call through; the handler then answers less (a cashier
       * who may sell but not read invoices prints the receipts of their own sales only).
       */
      or?: { action: FeatureFlag; subject: Feature };
    };

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** The spec's path; `:name` segments are filled from the request of the same name. */
  path: string;
  /** Only where two endpoints share a path (GET and POST /chats); otherwise the path names it. */
  name?: string;
  request: Req;
  response: Res;
  permission: Permission;
  /** The key a successful call answers with; `OK` when the spec names none. */
  success?: SuccessKey | SystemSuccessKey;
  /** Bytes a request body may have, where an endpoint needs more than the default 1 MiB (uploads). */
  bodyLimit?: number;
  /**
   * A read sent as POST (the spec's lists are POSTs). Reads are safe to repeat, so the duplicate-POST
   * guard (DUPES), meant for a double-clicked command, leaves them alone: a list must reload at once.
   */
  read?: true;
  /**
   * A GET the spec also lists among its POST calls (`/sale/payments/{id}`): the server answers POST
   * too, with the request in the body. The station itself calls `method`.
   */
  alsoPost?: true;
  /** What a read provides to the renderer's cache (shared/api/cache.ts); a change to one of them reloads it. */
  tags?: readonly TagRef[];
  /**
   * What a command changes: those reads reload after it. A read may name some too where the spec's GET
   * records something (a parent's confirmation); they reload once it answers.
   */
  invalidates?: readonly TagRef[];
  /**
   * A command that must happen once however often it is sent (a sale, a check-in): the station sends it
   * under an Idempotency-Key it keeps on disk until the server has answered, and the server records the
   * key with the result (runOnce, under this endpoint's name) and answers a retry with the first result.
   */
  once?: true;
  /**
   * What a successful call does to the supervisor token, which the station keeps in its main process as
   * it keeps the staff tokens: `issues` it (the answer's `supervisor_token`, taken out before the page
   * sees the answer) or `ends` it.
   */
  supervisorToken?: 'issues' | 'ends';
}

export function isRead(e: Pick<Endpoint, 'method' | 'read'>): boolean {
  return e.method === 'GET' || e.read === true;
}

export function endpoint<
  Req extends z.ZodType,
  Res extends z.ZodType,
  const P extends string,
  const N extends string | undefined = undefined,
  const A extends Permission = Permission,
  const M extends HttpMethod = HttpMethod,
  const R extends true | undefined = undefined,
  const S extends SuccessKey | SystemSuccessKey | undefined = undefined,
  const O extends true | undefined = undefined,
>(
  def: Endpoint<Req, Res> & { path: P; name?: N; permission: A; method: M; read?: R; success?: S; once?: O },
): Endpoint<Req, Res> & { path: P; name: N; permission: A; method: M; read: R; success: S; once: O } {
  return def as Endpoint<Req, Res> & { path: P; name: N; permission: A; method: M; read: R; success: S; once: O };
}

/** `isRead` on the type: a read becomes a cached query in the renderer, a command a mutation. */
export type IsRead<E> = E extends { method: 'GET' } ? true : E extends { read: true } ? true : false;

type PathName<P extends string> = P extends `/${infer Rest}` ? Rest : P;
export type NameOf<E> = E extends { name: infer N extends string }
  ? N
  : E extends { path: infer P extends string }
    ? PathName<P>
    : never;

export function nameOf(e: Pick<Endpoint, 'path' | 'name'>): string {
  return e.name ?? e.path.replace(/^\//, '');
}

/** Fills `:name` segments from the request and returns what is left for the body or query. */
export function splitRequest(
  path: string,
  request: Record<string, unknown>,
): { url: string; rest: Record<string, unknown> } {
  const rest = { ...request };
  const url = path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
}
