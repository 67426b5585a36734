import {
  type AnyPgColumn,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from './columns';
import { users } from './staff';

/** Staff chat (issue 24): messages stored before they are told to anyone, each user's bookmarks and read markers. */

/**
 * One message. `client_id` is the sending station's own id for it: a resend of the same one finds
 * this row (unique per sender) instead of storing another. `delivered_at` is set once, when the
 * receiver's station acknowledged it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    sender_id: requiredRef('sender_id', () => users.id),
    receiver_id: requiredRef('receiver_id', () => users.id),
    client_id: uuid('client_id').notNull(),
    reply_to: integer('reply_to').references((): AnyPgColumn => chatMessages.id),
    body: text('body').notNull(),
    created_at: createdAt,
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    unique('chat_messages_sender_client').on(t.sender_id, t.client_id),
    // One conversation by id: (sender, receiver, id) either way round.
    index('chat_messages_pair').on(t.sender_id, t.receiver_id, t.id),
    // Everything of one user after id N (a reconnect's catch-up): what they received, and what they sent.
    index('chat_messages_receiver').on(t.receiver_id, t.id),
    index('chat_messages_sender').on(t.sender_id, t.id),
  ],
);

/** A message one user bookmarked; bookmarks are each user's own. */
export const chatBookmarks = pgTable(
  'chat_bookmarks',
  {
    user_id: requiredRef('user_id', () => users.id),
    message_id: requiredRef('message_id', () => chatMessages.id),
    created_at: createdAt,
  },
  (t) => [primaryKey({ columns: [t.user_id, t.message_id] })],
);

/** How far `user_id` has read the conversation with `other_id`: the last message id on their screen. */
export const chatReads = pgTable(
  'chat_reads',
  {
    user_id: requiredRef('user_id', () => users.id),
    other_id: requiredRef('other_id', () => users.id),
    up_to: integer('up_to').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.other_id] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * @socket.io/postgres-adapter's table (its default name and shape): events too large for one NOTIFY
 * between server instances wait here; the adapter deletes them after its cleanup interval.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  created_at: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
