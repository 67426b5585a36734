import { createApi, type BaseQueryFn, type EndpointBuilder } from '@reduxjs/toolkit/query/react';
import type { MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import {
  byExport,
  type ByExport,
  type EndpointName,
  type RequestAt,
  type ResponseAt,
} from '../../shared/api/catalogue';
import { cacheTags, LIST, type CacheTag, type TagRef } from '../../shared/api/cache';
import { isRead, nameOf, type Endpoint, type IsRead } from '../../shared/api/endpoint';
import type { ApiFailure } from '../../shared/api/envelope';
import type { MessageKey, SuccessKey } from '../../shared/api/keys';
import type {
  AppInfo,
  BridgeArg,
  BridgeChannel,
  BridgeResult,
  PendingChat,
  Settings,
  UpdateStatus,
} from '../../shared/ipc';
import type { OfflineStatus } from '../../shared/offline-status';
import type { Receipt } from '../../shared/domain/receipt';
import { bridge } from '../bridge';
import type { BackupAnswer, BackupStatus } from '../../shared/domain/backup';

type CallArgs = { name: EndpointName; body: unknown };

/** A command's answer: its data and the key the server answered with, which the success toast shows. */
export type Answer<T> = { data: T; message: MessageKey };

/** RTK Query over the bridge: a failure envelope becomes the query's error, keys and field errors intact. */
const bridgeQuery: BaseQueryFn<CallArgs, Answer<unknown>, ApiFailure> = async ({ name, body }) => {
  try {
    const result = await bridge.api.call(name, body as never);
    return result.status ? { data: { data: result.data, message: result.message } } : { error: result };
  } catch {
    return { error: { status: false, message: 'SOMETHING_WENT_WRONG' } };
  }
};

/** A bridge channel's answer as a query's data; a channel that throws fails as an unreachable server does. */
async function viaBridge<C extends BridgeChannel>(
  channel: C,
  arg: BridgeArg<C>,
): Promise<{ data: BridgeResult<C> } | { error: ApiFailure }> {
  try {
    return { data: await bridge.invoke(channel, arg) };
  } catch {
    return { error: { status: false, message: 'SOMETHING_WENT_WRONG' } };
  }
}

type Build = EndpointBuilder<typeof bridgeQuery, CacheTag, 'api'>;
type Exported = keyof ByExport & string;
/** An endpoint whose request has no fields is called with no argument, as `api.useBranchListQuery()`. */
type ArgAt<K extends Exported> = RequestAt<K> extends Record<string, never> ? void : RequestAt<K>;
/** A read that declares a success key is asked for by hand and told about: its data keeps the message. */
type ReadAt<K extends Exported> = ByExport[K] extends { success: SuccessKey } ? Answer<ResponseAt<K>> : ResponseAt<K>;

/**
 * One RTK endpoint per catalogue endpoint, keyed by its export name in shared/api: a read (isRead) is
 * a query, `useSaleReceiptQuery` and `useLazySaleReceiptQuery`; a command a mutation, `useSaleCreateMutation`.
 */
type Generated = {
  [K in Exported]: IsRead<ByExport[K]> extends true
    ? QueryDefinition<ArgAt<K>, typeof bridgeQuery, CacheTag, ReadAt<K>, 'api'>
    : MutationDefinition<ArgAt<K>, typeof bridgeQuery, CacheTag, Answer<ResponseAt<K>>, 'api'>;
};

/** The tags one call names: a tag alone is its lists, `{ type, id }` the thing the request's field `id` names. */
export const tagsOf = (refs: readonly TagRef[] | undefined, arg: unknown) =>
  (refs ?? []).map((ref) =>
    typeof ref === 'string'
      ? { type: ref, id: LIST }
      : { type: ref.type, id: String((arg as Record<string, unknown>)[ref.id]) },
  );

function generate(build: Build): Generated {
  const out: Record<string, unknown> = {};
  for (const [key, e] of Object.entries(byExport) as [string, Endpoint][]) {
    const name = nameOf(e) as EndpointName;
    // A request without fields goes as `{}`, as the catalogue's schema expects.
    const query = (body: unknown): CallArgs => ({ name, body: body ?? {} });
    out[key] = isRead(e)
      ? build.query<unknown, unknown>({
          query,
          transformResponse: (answer: Answer<unknown>) => (e.success ? answer : answer.data),
          providesTags: (_data, _error, arg) => tagsOf(e.tags, arg),
          // The spec's GET that records something (a parent's confirmation) reloads what it changed.
          ...(e.invalidates && {
            onQueryStarted: async (arg: unknown, { dispatch, queryFulfilled }) => {
              await queryFulfilled.then(
                () => dispatch(api.util.invalidateTags(tagsOf(e.invalidates, arg))),
                () => {},
              );
            },
          }),
        })
      : build.mutation<unknown, unknown>({
          query,
          invalidatesTags: (_data, _error, arg) => tagsOf(e.invalidates, arg),
        });
  }
  return out as Generated;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: bridgeQuery,
  tagTypes: cacheTags,
  endpoints: (build) => ({
    ...generate(build),
    // What the station's main process answers itself, cached like the server's reads.
    stationSettings: build.query<Settings, void>({
      queryFn: () => viaBridge('pos:settings-get', null),
      providesTags: ['StationSettings'],
    }),
    // What was kept (an address as the station writes it) is every reader's at once, with no second read.
    stationSettingsSave: build.mutation<Answer<Settings>, Settings>({
      queryFn: async (settings, { dispatch }) => {
        const saved = await viaBridge('pos:settings-set', settings);
        if ('error' in saved) return saved;
        if (!saved.data.status) return { error: saved.data };
        dispatch(api.util.upsertQueryData('stationSettings', undefined, saved.data.data));
        return { data: { data: saved.data.data, message: saved.data.message } };
      },
    }),
    /** Which shell runs the page (Electron or a browser) and the app's version: fixed while it runs. */
    appInfo: build.query<AppInfo, void>({ queryFn: () => viaBridge('pos:app-info', null) }),
    // The station's backups (Settings → Backups): each answer carries the status, which every reader gets.
    backups: build.query<BackupStatus, void>({ queryFn: () => viaBridge('pos:backups-get', null) }),
    backupsConfigure: build.mutation<BackupAnswer, BridgeArg<'pos:backups-configure'>>({
      queryFn: async (settings, { dispatch }) =>
        keepBackups(await viaBridge('pos:backups-configure', settings), dispatch),
    }),
    backupsRun: build.mutation<BackupAnswer, void>({
      queryFn: async (_none, { dispatch }) => keepBackups(await viaBridge('pos:backups-run', null), dispatch),
    }),
    backupsRestore: build.mutation<BackupAnswer, BridgeArg<'pos:backups-restore'>>({
      queryFn: async (arg, { dispatch }) => keepBackups(await viaBridge('pos:backups-restore', arg), dispatch),
    }),
    /** Where this station's update stands, kept current by the station's `update-status` pushes. */
    updateStatus: build.query<UpdateStatus, void>({
      queryFn: () => viaBridge('pos:update-status', null),
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        if (
          !(await cacheDataLoaded.then(
            () => true,
            () => false,
          ))
        )
          return;
        const stop = bridge.onEvent((event) => {
          if (event.type === 'update-status') updateCachedData(() => event.status);
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** *Check for updates*: the feed asked now; what it answers is every reader's at once. */
    updateCheck: build.mutation<UpdateStatus, void>({
      queryFn: async (_arg, { dispatch }) => {
        const checked = await viaBridge('pos:update-check', null);
        if ('data' in checked) dispatch(api.util.upsertQueryData('updateStatus', undefined, checked.data));
        return checked;
      },
    }),
    /**
     * Where the offline till stands (issue 28), kept current by the station's `offline-status` pushes.
     * Listened to from the start: a push that comes before the first answer changes nothing (there is no
     * data yet to change), and the answer, sent after it on the same bridge, is the newer.
     */
    offlineStatus: build.query<OfflineStatus, void>({
      queryFn: () => viaBridge('pos:offline-status', null),
      async onCacheEntryAdded(_arg, { updateCachedData, cacheEntryRemoved }) {
        const stop = bridge.onEvent((event) => {
          if (event.type === 'offline-status') updateCachedData(() => event.status);
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** The receipt of a sale waiting in the station's offline queue (negative id): the server cannot be asked for it. */
    offlineReceipt: build.query<Receipt | null, BridgeArg<'pos:offline-receipt'>>({
      queryFn: (arg) => viaBridge('pos:offline-receipt', arg),
    }),
    /** A chat message is never posted from the page: the main process keeps it pending on disk and sends it. */
    chatSendPending: build.mutation<PendingChat, BridgeArg<'pos:chat-send'>>({
      queryFn: (message) => viaBridge('pos:chat-send', message),
    }),
  }),
});

/** A backup command's answer; the status it carries is the backups query's at once. */
function keepBackups(
  answer: { data: BackupAnswer } | { error: ApiFailure },
  dispatch: (action: unknown) => unknown,
): { data: BackupAnswer } | { error: ApiFailure } {
  if ('data' in answer && answer.data.status === 'done') {
    dispatch(api.util.upsertQueryData('backups', undefined, answer.data.backups));
  }
  return answer;
}
