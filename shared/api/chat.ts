import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, Timestamp } from './common';
import { CHAT_CATCH_UP_LIMIT, MAX_CHAT_MESSAGE_LENGTH } from '../domain/chat';

/**
 * Staff chat (spec 7: GET /chats, POST /chats, GET /chats/user {id}, bookmarks; issue 24). Every call
 * needs the Chat right (the reads its view: a GET is a read; sending its create; read markers and
 * bookmarks its access); whom one may write to is `mayTalk` (shared/domain/chat.ts).
 */
const Chat = (action: 'access' | 'view' | 'create') => ({ action, subject: 'Chat' as const });

/** A message as stored (spec 3). `userId` is the other party, seen from the caller. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** The sender station's own id for the message: sending it again stores nothing new. */
  clientId: z.string(),
  userId: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  replyTo: z.number().int().nullable(),
  body: z.string(),
  status: z.enum(['confirmed', 'delivered']),
  isDelivered: z.boolean(),
  /** Always false from the server: pending messages live on the sending station only. */
  pending: z.literal(false),
  /** The caller bookmarked it (bookmarks are each user's own). */
  bookmarked: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  deliveredAt: Timestamp.nullable(),
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** Someone the caller may write to, with the conversation's last message and what the caller has not seen. */
export const chatContactSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  branch_id: z.number().int().nullable(),
  administrator: z.boolean(),
  last: chatMessageSchema.nullable(),
  /** Messages from this contact after the last the caller read (opened the conversation to). */
  unread: z.number().int(),
});
export type ChatContact = z.output<typeof chatContactSchema>;

/** Spec 7 GET /chats: everyone the caller may talk to, the latest conversation first; `search` by name. */
export const chatList = endpoint({
  method: 'GET',
  path: '/chats',
  name: 'chats/list',
  tags: ['Chat'],
  request: z.object({ search: z.string().trim().max(100).optional() }),
  response: z.array(chatContactSchema),
  permission: Chat('view'),
});

/**
 * Spec 7 POST /chats: a message stored, then told to the receiver's stations (`message`) and the
 * sender's (`new_chat_response`). The same clientId from the same sender answers the stored message
 * again (a resend after a lost answer), whatever the body.
 */
export const chatSend = endpoint({
  method: 'POST',
  path: '/chats',
  name: 'chats/send',
  request: z.object({
    clientId: z.string().uuid(),
    receiverId: Id,
    body: z.string().trim().min(1, 'FIELD_REQUIRED').max(MAX_CHAT_MESSAGE_LENGTH, 'FIELD_TOO_LONG'),
    replyTo: Id.nullish().transform((v) => v ?? null),
  }),
  response: chatMessageSchema,
  permission: Chat('create'),
});

/**
 * Spec 7 GET /chats/user {id}: the conversation with one user, oldest first. Either a span (`from`,
 * `to`: at most 10 days, MAX_10_DAYS; the last 10 days when neither is given) or, after `after` (a
 * message id), what came since (the catch-up after a reconnect), CHAT_CATCH_UP_LIMIT at most.
 */
export const chatUser = endpoint({
  method: 'GET',
  path: '/chats/user',
  tags: ['Chat'],
  request: z.object({
    id: Id,
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    after: Id.optional(),
  }),
  response: z.object({ messages: z.array(chatMessageSchema), more: z.boolean() }),
  permission: Chat('view'),
});

/** Every message to or from the caller after `after` (a message id), oldest first: what a station missed. */
export const chatMissed = endpoint({
  method: 'GET',
  path: '/chats/missed',
  request: z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647) }),
  response: z.object({ messages: z.array(chatMessageSchema).max(CHAT_CATCH_UP_LIMIT), more: z.boolean() }),
  permission: Chat('view'),
});

/**
 * The caller read the conversation with user `id` up to message `upTo` (it was on their screen): the
 * contact's unread count drops to what came after it. A marker never moves back.
 */
export const chatRead = endpoint({
  method: 'POST',
  path: '/chats/read',
  invalidates: ['Chat'],
  request: z.object({ id: Id, upTo: Id }),
  response: z.object({ unread: z.number().int() }),
  permission: Chat('access'),
});

/** A message of one's own conversations bookmarked, or not. */
export const chatBookmark = endpoint({
  method: 'POST',
  path: '/chats/bookmark',
  invalidates: ['Chat'],
  request: z.object({ id: Id, bookmarked: z.boolean() }),
  response: chatMessageSchema,
  permission: Chat('access'),
});

/** The caller's bookmarked messages, newest first. */
export const chatBookmarks = endpoint({
  method: 'GET',
  path: '/chats/bookmarks',
  tags: ['Chat'],
  request: z.object({}),
  response: z.array(chatMessageSchema),
  permission: Chat('view'),
});
