import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatBookmarks, chatMessages, chatReads, privileges, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { ChatContact, ChatMessage } from '../../../shared/api/chat';
import {
  CHAT_CATCH_UP_LIMIT,
  MAX_CHAT_HISTORY_DAYS,
  historySpanAllowed,
  mayTalk,
  type Talker,
} from '../../../shared/domain/chat';
import { hasFullAccess } from '../../../shared/permissions';
import type { RealtimePayload, UserEventName } from '../../../shared/realtime';

type Row = typeof chatMessages.$inferSelect;
type Person = Talker & { name_en: string; name_ar: string };

/** How the chat tells one user's stations something: the realtime layer's `toUser`. */
export type TellUser = <E extends UserEventName>(
  userId: number,
  event: E,
  payload: RealtimePayload<E>,
) => Promise<void>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The messages between `a` and `b`, either way round. */
const conversation = (a: number, b: number): SQL =>
  or(
    and(eq(chatMessages.sender_id, a), eq(chatMessages.receiver_id, b)),
    and(eq(chatMessages.sender_id, b), eq(chatMessages.receiver_id, a)),
  )!;
const involving = (userId: number): SQL =>
  or(eq(chatMessages.sender_id, userId), eq(chatMessages.receiver_id, userId))!;

/**
 * Staff chat (issue 24). A message is stored first, then told: `message` to the receiver's stations,
 * `new_chat_response` to the sender's. Events may come twice (a resend after a lost answer tells
 * again); stations keep messages by id. Whom one may write to is `mayTalk`, with both people as the
 * server knows them now; someone one may not write to is NOT_FOUND, as if they did not exist.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly tell: TellUser,
  ) {}

  /** Employees still employed, administrator by their role as it is now. */
  private async people(ids?: number[]): Promise<Person[]> {
    const rows = await this.db
      .select({
        id: users.id,
        name_en: users.name_en,
        name_ar: users.name_ar,
        branch_id: users.branch_id,
        role: users.role,
        privilege: privileges,
      })
      .from(users)
      .leftJoin(privileges, eq(users.privilege_id, privileges.id))
      .where(and(isNull(users.deleted_at), ids ? inArray(users.id, ids) : undefined));
    return rows.map(({ role, privilege, ...person }) => ({
      ...person,
      administrator: hasFullAccess({ role, privilege }),
    }));
  }

  /** The caller as this request's sign-in check loaded them: their role as it is now. */
  private me(ctx: AuthenticatedContext): Talker {
    return { id: ctx.user.id, branch_id: ctx.user.branch_id, administrator: hasFullAccess(ctx.user) };
  }

  /** The other party of a conversation the caller may hold, or NOT_FOUND (whether they exist or not). */
  private async partner(ctx: AuthenticatedContext, otherId: number): Promise<Person> {
    const [other] = await this.people([otherId]);
    if (!other || !mayTalk(this.me(ctx), other)) throw new AppError('NOT_FOUND');
    return other;
  }

  /** Rows as `viewerId` sees them: the other party as `userId`, their own bookmarks. */
  private async asSeenBy(viewerId: number, rows: Row[]): Promise<ChatMessage[]> {
    const ids = rows.map((row) => row.id);
    const marked =
      ids.length === 0
        ? new Set<number>()
        : new Set(
            (
              await this.db
                .select({ id: chatBookmarks.message_id })
                .from(chatBookmarks)
                .where(and(eq(chatBookmarks.user_id, viewerId), inArray(chatBookmarks.message_id, ids)))
            ).map((row) => row.id),
          );
    return rows.map((row) => toMessage(row, viewerId, marked.has(row.id)));
  }

  async send(ctx: AuthenticatedContext, input: ParsedRequestOf<'chats/send'>): Promise<ChatMessage> {
    const sender = ctx.user.id;
    await this.partner(ctx, input.receiverId);
    if (input.replyTo !== null) {
      const [replied] = await this.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, input.replyTo), conversation(sender, input.receiverId)));
      if (!replied)
        throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'replyTo', message: 'FIELD_INVALID' }] });
    }
    const [inserted] = await this.db
      .insert(chatMessages)
      .values({
        sender_id: sender,
        receiver_id: input.receiverId,
        client_id: input.clientId,
        reply_to: input.replyTo,
        body: input.body,
      })
      .onConflictDoNothing({ target: [chatMessages.sender_id, chatMessages.client_id] })
      .returning();
    // A resend: the row a first send of this clientId stored (whatever this body says).
    const [row] = inserted
      ? [inserted]
      : await this.db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.sender_id, sender), eq(chatMessages.client_id, input.clientId)));
    if (!row) throw new Error('chat message missing after insert');
    // A new message has no bookmark yet; a resent one may, on either side.
    const seenBy = async (viewer: number) =>
      inserted ? toMessage(row, viewer, false) : (await this.asSeenBy(viewer, [row]))[0]!;
    const mine = await seenBy(sender);
    // Told before the answer, and again on a resend: a server killed before telling never answered,
    // so the sender sends again.
    await this.tell(row.receiver_id, 'message', await seenBy(row.receiver_id));
    await this.tell(sender, 'new_chat_response', mine);
    return mine;
  }

  async conversation(
    ctx: AuthenticatedContext,
    input: ParsedRequestOf<'chats/user'>,
  ): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const me = ctx.user.id;
    await this.partner(ctx, input.id);
    if (input.after !== undefined)
      return this.page(me, and(conversation(me, input.id), gt(chatMessages.id, input.after))!);
    const to = input.to ? new Date(input.to) : new Date();
    const from = input.from ? new Date(input.from) : new Date(to.getTime() - MAX_CHAT_HISTORY_DAYS * DAY_MS);
    if (!historySpanAllowed(from, to)) throw new AppError('MAX_10_DAYS');
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(conversation(me, input.id), gte(chatMessages.created_at, from), lte(chatMessages.created_at, to)))
      .orderBy(asc(chatMessages.id));
    return { messages: await this.asSeenBy(me, rows), more: false };
  }

  /**
   * What a station missed while away: every message to or from `userId` after message `after`, and
   * every message to them not yet delivered. Ids are taken before commit, so a message can be stored
   * after one with a higher id; the station holding that one would otherwise never hear of it.
   */
  missed(userId: number, after: number): Promise<{ messages: ChatMessage[]; more: boolean }> {
    return this.page(
      userId,
      or(
        and(involving(userId), gt(chatMessages.id, after)),
        and(eq(chatMessages.receiver_id, userId), isNull(chatMessages.delivered_at)),
      )!,
    );
  }

  private async page(viewerId: number, where: SQL): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(where)
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_CATCH_UP_LIMIT + 1);
    return {
      messages: await this.asSeenBy(viewerId, rows.slice(0, CHAT_CATCH_UP_LIMIT)),
      more: rows.length > CHAT_CATCH_UP_LIMIT,
    };
  }

  /** Messages to `userId` after what they read of each conversation, per sender. */
  private async unreadBySender(userId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ sender: chatMessages.sender_id, n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .leftJoin(chatReads, and(eq(chatReads.user_id, userId), eq(chatReads.other_id, chatMessages.sender_id)))
      .where(and(eq(chatMessages.receiver_id, userId), gt(chatMessages.id, sql`coalesce(${chatReads.up_to}, 0)`)))
      .groupBy(chatMessages.sender_id);
    return new Map(rows.map((row) => [row.sender, row.n]));
  }

  /** The menu's count: every message to `userId` after what they read. */
  async unread(userId: number): Promise<number> {
    let total = 0;
    for (const n of (await this.unreadBySender(userId)).values()) total += n;
    return total;
  }

  /** The caller read the conversation with `id` up to `upTo`; the marker only moves on. */
  async read(ctx: AuthenticatedContext, { id, upTo }: ParsedRequestOf<'chats/read'>): Promise<{ unread: number }> {
    const me = ctx.user.id;
    await this.partner(ctx, id);
    const moved = await this.db
      .insert(chatReads)
      .values({ user_id: me, other_id: id, up_to: upTo })
      .onConflictDoUpdate({
        target: [chatReads.user_id, chatReads.other_id],
        set: { up_to: upTo },
        setWhere: sql`${chatReads.up_to} < ${upTo}`,
      })
      .returning({ up_to: chatReads.up_to });
    const bySender = await this.unreadBySender(me);
    if (moved.length > 0) {
      let unread = 0;
      for (const n of bySender.values()) unread += n;
      await this.tell(me, 'get_all_chat', { unread });
    }
    return { unread: bySender.get(id) ?? 0 };
  }

  async bookmark(
    ctx: AuthenticatedContext,
    { id, bookmarked }: ParsedRequestOf<'chats/bookmark'>,
  ): Promise<ChatMessage> {
    const me = ctx.user.id;
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, id), involving(me)));
    if (!row) throw new AppError('NOT_FOUND');
    if (bookmarked) await this.db.insert(chatBookmarks).values({ user_id: me, message_id: id }).onConflictDoNothing();
    else
      await this.db.delete(chatBookmarks).where(and(eq(chatBookmarks.user_id, me), eq(chatBookmarks.message_id, id)));
    return toMessage(row, me, bookmarked);
  }

  async bookmarks(ctx: AuthenticatedContext): Promise<ChatMessage[]> {
    const me = ctx.user.id;
    const rows = await this.db
      .select({ message: chatMessages })
      .from(chatBookmarks)
      .innerJoin(chatMessages, eq(chatMessages.id, chatBookmarks.message_id))
      .where(eq(chatBookmarks.user_id, me))
      .orderBy(desc(chatMessages.id));
    return rows.map(({ message }) => toMessage(message, me, true));
  }

  /** Everyone the caller may write to: the latest conversation first, then by name. */
  async contacts(ctx: AuthenticatedContext, { search }: ParsedRequestOf<'chats/list'>): Promise<ChatContact[]> {
    const me = this.me(ctx);
    const needle = search?.toLowerCase();
    const people = (await this.people()).filter(
      (other) =>
        mayTalk(me, other) &&
        (!needle || other.name_en.toLowerCase().includes(needle) || other.name_ar.toLowerCase().includes(needle)),
    );
    // A conversation is its pair of people, whichever way a message went (no parameter: DISTINCT ON
    // must match ORDER BY exactly).
    const low = sql`least(${chatMessages.sender_id}, ${chatMessages.receiver_id})`;
    const high = sql`greatest(${chatMessages.sender_id}, ${chatMessages.receiver_id})`;
    const lastRows = await this.db
      .selectDistinctOn([low, high], { message: chatMessages })
      .from(chatMessages)
      .where(involving(me.id))
      .orderBy(low, high, desc(chatMessages.id));
    const lastMessages = await this.asSeenBy(
      me.id,
      lastRows.map((row) => row.message),
    );
    const last = new Map(lastMessages.map((message) => [message.userId, message]));
    const unread = await this.unreadBySender(me.id);
    return people
      .map(({ id, name_en, name_ar, branch_id, administrator }) => ({
        id,
        name_en,
        name_ar,
        branch_id,
        administrator,
        last: last.get(id) ?? null,
        unread: unread.get(id) ?? 0,
      }))
      .sort((a, b) => (b.last?.id ?? 0) - (a.last?.id ?? 0) || a.name_en.localeCompare(b.name_en));
  }

  /**
   * The station of `userId` holds message `id`: delivered, once. The sender hears it the first time
   * only; a repeat (another station of the receiver, a resend) changes nothing.
   */
  async received(userId: number, id: number): Promise<void> {
    const [row] = await this.db
      .update(chatMessages)
      .set({ delivered_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(chatMessages.id, id), eq(chatMessages.receiver_id, userId), isNull(chatMessages.delivered_at)))
      .returning();
    if (!row?.delivered_at) return;
    await this.tell(row.sender_id, 'message_delivered', {
      id: row.id,
      clientId: row.client_id,
      receiverId: row.receiver_id,
      deliveredAt: row.delivered_at.toISOString(),
    });
  }
}

function toMessage(row: Row, viewerId: number, bookmarked: boolean): ChatMessage {
  const delivered = row.delivered_at !== null;
  return {
    id: row.id,
    clientId: row.client_id,
    userId: row.sender_id === viewerId ? row.receiver_id : row.sender_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    replyTo: row.reply_to,
    body: row.body,
    status: delivered ? 'delivered' : 'confirmed',
    isDelivered: delivered,
    pending: false,
    bookmarked,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
  };
}
