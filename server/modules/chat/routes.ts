import { endpointsPlugin } from '../../http/route';
import * as chatApi from '../../../shared/api/chat';
import type { ChatService } from './service';

export function chatRoutes(chat: ChatService) {
  return endpointsPlugin(chatApi, {
    'chats/list': (body, ctx) => chat.contacts(ctx, body),
    'chats/send': (body, ctx) => chat.send(ctx, body),
    'chats/user': (body, ctx) => chat.conversation(ctx, body),
    'chats/missed': ({ after }, ctx) => chat.missed(ctx.user.id, after),
    'chats/read': (body, ctx) => chat.read(ctx, body),
    'chats/bookmark': (body, ctx) => chat.bookmark(ctx, body),
    'chats/bookmarks': (_body, ctx) => chat.bookmarks(ctx),
  });
}
