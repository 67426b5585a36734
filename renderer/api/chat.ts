import type { ApiFailure } from '../../shared/api/envelope';
import type { BridgeArg, PendingChat } from '../../shared/ipc';
import { bridge } from '../bridge';
import { api, mutation, query } from './base';

/**
 * Staff chat (issue 24). Reads reload on the realtime chat events ('Chat'). A message is never posted
 * from the page: the main process keeps it pending on disk and sends it ('pos:chat-send').
 */
export const {
  useChatListQuery,
  useChatUserQuery,
  useLazyChatUserQuery,
  useChatReadMutation,
  useChatBookmarkMutation,
  useChatBookmarksQuery,
  useChatSendMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    chatList: query(build, 'chats/list', ['Chat']),
    chatUser: query(build, 'chats/user', ['Chat']),
    // The read marker moves the contacts' badges, which the list shows.
    chatRead: mutation(build, 'chats/read', ['Chat']),
    chatBookmark: mutation(build, 'chats/bookmark', ['Chat']),
    chatBookmarks: query(build, 'chats/bookmarks', ['Chat']),
    chatSend: build.mutation<PendingChat, BridgeArg<'pos:chat-send'>>({
      queryFn: async (message) => {
        try {
          return { data: await bridge.invoke('pos:chat-send', message) };
        } catch {
          return { error: { status: false, message: 'SOMETHING_WENT_WRONG' } satisfies ApiFailure };
        }
      },
    }),
  }),
});
