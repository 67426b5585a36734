import { createHmac } from 'node:crypto';
import { and, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  kidRoomStays,
  kidVisits,
  kids,
  roomAccess,
  roomSessions,
  rooms,
  supervisorSessions,
  users,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../http/results';
import type { AuthenticatedContext, SupervisorContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { ageOn, ageOutOfRange, hasSpace, SUPERVISOR_SESSION_HOURS } from '../../../shared/domain/room';
import { AccessTokens } from '../auth/tokens';
import type { BranchLocales } from '../branches/locales';
import type { OtpService } from '../frontdesk/otp';
import { workBranch } from '../which-branch';
import { leaveRoom, roomById, roomsWhere } from '../rooms/room-rows';
import { roomKidsWhere } from './room-kids';
import type { RoomKidRecord } from '../../../shared/api/supervisor';

const SESSION_MS = SUPERVISOR_SESSION_HOURS * 3600_000;
const refused = () => new AppError('NOT_AUTHORISED', { supervisor: true });

/** The rooms an employee may supervise (not deleted). */
const accessOf = (userId: number | AnyPgColumn) =>
  and(
    isNull(rooms.deleted_at),
    exists(
      sql`(select 1 from ${roomAccess} where ${roomAccess.room_id} = ${rooms.id} and ${roomAccess.user_id} = ${userId})`,
    ),
  );

/**
 * Supervisor mode (spec 6): a code to the supervisor's own mobile opens a supervisor session whose token
 * rides beside the station's staff token; room login, the room's kids, and kids in and out of rooms.
 */
export class SupervisorService {
  private readonly tokens: AccessTokens;

  constructor(
    private readonly db: Db,
    private readonly otp: OtpService,
    private readonly locales: BranchLocales,
    tokenKey: Uint8Array,
    /** Told of each branch whose kids moved, so its stations refresh. */
    private readonly visitsChanged: (branchId: number) => void,
  ) {
    this.tokens = new AccessTokens(
      createHmac('sha256', tokenKey).update('supervisor-tokens').digest(),
      SUPERVISOR_SESSION_HOURS * 3600,
    );
  }

  /**
   * The supervisor the header names: a live session of an employee who still has a room, opened beside
   * this very staff session (a token carried to another station, or kept past the station's sign-out, is refused).
   */
  async authenticate(token: string | null, staffSessionId: string): Promise<SupervisorContext['supervisor']> {
    const claims = token ? await this.tokens.verify(token) : null;
    if (!claims) throw refused();
    const [row] = await this.db
      .select({
        id: users.id,
        name_en: users.name_en,
        name_ar: users.name_ar,
        expiresAt: supervisorSessions.expires_at,
      })
      .from(supervisorSessions)
      .innerJoin(users, eq(users.id, supervisorSessions.user_id))
      .where(
        and(
          eq(supervisorSessions.id, claims.sessionId),
          eq(supervisorSessions.station_session_id, staffSessionId),
          eq(users.id, claims.userId),
          isNull(supervisorSessions.ended_at),
          gt(supervisorSessions.expires_at, new Date()),
          isNull(users.deleted_at),
          exists(this.db.select({ id: rooms.id }).from(rooms).where(accessOf(claims.userId))),
        ),
      );
    if (!row) throw refused();
    return { ...row, sessionId: claims.sessionId };
  }

  /**
   * The room door's one way into a kid's files: their photo (the kid's picture, nothing else of theirs)
   * while they are in the room this station's supervisor is logged into.
   */
  async assertRoomPhoto(ctx: AuthenticatedContext, kidId: number, stored: string): Promise<void> {
    const supervisor = await this.authenticate(ctx.supervisorToken, ctx.sessionId);
    const shown = await this.db.$count(
      kidRoomStays,
      and(
        eq(kidRoomStays.kid_id, kidId),
        isNull(kidRoomStays.checkout_at),
        exists(
          this.db
            .select({ id: kids.id })
            .from(kids)
            .where(and(eq(kids.id, kidId), eq(kids.image, stored), isNull(kids.deleted_at))),
        ),
        exists(
          this.db
            .select({ id: roomSessions.id })
            .from(roomSessions)
            .where(
              and(
                eq(roomSessions.room_id, kidRoomStays.room_id),
                eq(roomSessions.supervisor_session_id, supervisor.sessionId),
                isNull(roomSessions.logout_at),
              ),
            ),
        ),
      ),
    );
    if (shown === 0) throw new AppError('NOT_AUTHORISED');
  }

  async sendCode(ctx: AuthenticatedContext, { mobile, language }: ParsedRequestOf<'otp/supervisor/send'>) {
    const { supervisor, e164 } = await this.supervisorWith(ctx, mobile);
    if (!supervisor) return this.otp.countTry(e164);
    // The outbox of the station's branch shows the message; an administrator's station, the supervisor's.
    const branchId = workBranch(ctx) ?? supervisor.branch_id;
    const { sent, expires_in_seconds } = await this.otp.sendCode(
      e164,
      { user_id: supervisor.id },
      { language, sentBy: ctx.user.id, branchId, requestId: ctx.requestId },
    );
    return { sent, expires_in_seconds };
  }

  async verifyCode(ctx: AuthenticatedContext, { mobile, otp }: ParsedRequestOf<'otp/supervisor/verify'>) {
    const { supervisor, e164 } = await this.supervisorWith(ctx, mobile);
    // Any other number's code is wrong as a wrong code is: the answer names no supervisor.
    if (!supervisor || !(await this.otp.checkCode(e164, { user_id: supervisor.id }, otp)))
      throw new AppError('INVALID_OTP');
    const expires_at = new Date(Date.now() + SESSION_MS);
    const [session] = await this.db
      .insert(supervisorSessions)
      .values({ user_id: supervisor.id, station_user_id: ctx.user.id, station_session_id: ctx.sessionId, expires_at })
      .returning({ id: supervisorSessions.id });
    const supervisor_token = await this.tokens.sign({ userId: supervisor.id, sessionId: session!.id });
    const { id, name_en, name_ar } = supervisor;
    return { supervisor: { id, name_en, name_ar }, supervisor_token, expires_at };
  }

  async state(ctx: SupervisorContext) {
    const { id, name_en, name_ar, expiresAt } = ctx.supervisor;
    const roomId = await this.currentRoom(this.db, ctx);
    const found = roomId === null ? undefined : await roomById(this.db, roomId);
    const room = found ? { ...found, time_zone: (await this.locales.of(found.branch_id)).timeZone } : null;
    return {
      supervisor: { id, name_en, name_ar },
      expires_at: expiresAt,
      room,
      kids: room ? await roomKidsWhere(this.db, eq(kidRoomStays.room_id, room.id)) : [],
    };
  }

  roomList(ctx: SupervisorContext) {
    return roomsWhere(this.db, accessOf(ctx.supervisor.id));
  }

  /** Into one of their rooms; a session in another room ends first (one room at a time). */
  async login(ctx: SupervisorContext, roomId: number) {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`supervisor:${ctx.supervisor.id}`}))`);
      await this.roomOf(tx, ctx, roomId);
      await this.closeRoomSession(tx, ctx);
      await tx
        .insert(roomSessions)
        .values({ user_id: ctx.supervisor.id, room_id: roomId, supervisor_session_id: ctx.supervisor.sessionId });
      await tx.update(users).set({ room_id: roomId }).where(eq(users.id, ctx.supervisor.id));
    });
    return this.state(ctx);
  }

  async logout(ctx: SupervisorContext) {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`supervisor:${ctx.supervisor.id}`}))`);
      await this.closeRoomSession(tx, ctx);
      await tx
        .update(supervisorSessions)
        .set({ ended_at: new Date() })
        .where(eq(supervisorSessions.id, ctx.supervisor.sessionId));
    });
    return null;
  }

  /** Kids inside the premises of the supervisor's room's branch wearing this band. */
  async badge(ctx: SupervisorContext, badge: string) {
    const room = await this.loggedInRoom(ctx);
    return this.db
      .select({
        kid_id: kids.id,
        kid_name_en: kids.name_en,
        kid_name_ar: kids.name_ar,
        parent_id: kidVisits.parent_id,
        badge: kidVisits.badge,
        banned: kids.banned,
        birth_date: kids.birth_date,
        room_id: kids.room_id,
      })
      .from(kidVisits)
      .innerJoin(kids, eq(kids.id, kidVisits.kid_id))
      .where(
        and(
          isNull(kidVisits.checkout_at),
          eq(kidVisits.branch_id, room.branch_id),
          eq(sql`lower(${kidVisits.badge})`, badge.toLowerCase()),
        ),
      )
      .orderBy(kids.name_en, kids.id);
  }

  async checkin(ctx: SupervisorContext, input: ParsedRequestOf<'supervisor/checkin'>) {
    await this.loggedInRoom(ctx);
    try {
      const result = await this.db.transaction(async (tx) => {
        // A room that is not theirs is named first (unlocked), or the kid would seem not to be inside.
        await this.roomOf(tx, ctx, input.room_id);
        // The kid first, then the room: two rooms taking one kid queue on the kid; kids into one room on the room.
        const [visit] = await tx
          .select({ id: kidVisits.id, badge: kidVisits.badge, branch_id: kidVisits.branch_id })
          .from(kidVisits)
          .innerJoin(rooms, eq(rooms.branch_id, kidVisits.branch_id))
          .where(and(eq(kidVisits.kid_id, input.kid_id), isNull(kidVisits.checkout_at), eq(rooms.id, input.room_id)))
          .for('update', { of: kidVisits });
        if (!visit) throw new AppError('KID_SESSION_NOT_ACTIVE');
        if (input.badge !== undefined && visit.badge.toLowerCase() !== input.badge.toLowerCase())
          throw new AppError('BADGE_OF_ANOTHER_KID', { errors: [{ path: 'badge', message: 'FIELD_INVALID' }] });
        const room = await this.roomOf(tx, ctx, input.room_id, true);
        const [stay] = await tx
          .select({ id: kidRoomStays.id, room_id: kidRoomStays.room_id })
          .from(kidRoomStays)
          .where(and(eq(kidRoomStays.kid_id, input.kid_id), isNull(kidRoomStays.checkout_at)));
        // Scanned twice at the same door: already in.
        if (stay?.room_id === room.id)
          return { row: await stayRow(tx, stay.id), branchId: visit.branch_id, movedFrom: null, changed: false };
        if (!input.accept_age) {
          const [kid] = await tx.select({ birth_date: kids.birth_date }).from(kids).where(eq(kids.id, input.kid_id));
          const age = ageOn(kid?.birth_date ?? null, await this.locales.today(room.branch_id));
          if (ageOutOfRange(room, age)) throw new AppError('KID_AGE_OUT_OF_RANGE');
        }
        const inside = await tx.$count(
          kidRoomStays,
          and(eq(kidRoomStays.room_id, room.id), isNull(kidRoomStays.checkout_at)),
        );
        if (!hasSpace(room, inside)) throw new AppError('ROOM_FULL');
        const movedFrom = await leaveRoom(tx, input.kid_id, ctx.supervisor.id);
        const [opened] = await tx
          .insert(kidRoomStays)
          .values({
            kid_id: input.kid_id,
            room_id: room.id,
            branch_id: room.branch_id,
            session_id: visit.id,
            checked_in_by: ctx.supervisor.id,
          })
          .returning({ id: kidRoomStays.id });
        await tx.update(kids).set({ room_id: room.id }).where(eq(kids.id, input.kid_id));
        return { row: await stayRow(tx, opened!.id), branchId: visit.branch_id, movedFrom, changed: true };
      });
      if (result.changed) this.visitsChanged(result.branchId);
      return { ...result.row, room_id: input.room_id, moved_from: result.movedFrom };
    } catch (error) {
      // The one-open-stay index, should two check-ins ever pass the kid's lock together.
      if (isUniqueViolation(error)) throw new AppError('KID_ALREADY_INSIDE');
      throw error;
    }
  }

  async checkout(ctx: SupervisorContext, { kid_id, room_id }: ParsedRequestOf<'supervisor/checkout'>) {
    await this.loggedInRoom(ctx);
    const branchId = await this.db.transaction(async (tx) => {
      const room = await this.roomOf(tx, ctx, room_id);
      if ((await leaveRoom(tx, kid_id, ctx.supervisor.id, room.id)) === null) throw new AppError('KID_NOT_IN_ROOM');
      return room.branch_id;
    });
    this.visitsChanged(branchId);
    return null;
  }

  /** The employee whose mobile this is if they have a room (else null), and the mobile in E.164. */
  private async supervisorWith(ctx: AuthenticatedContext, typed: string) {
    const e164 = await this.locales.mobile(workBranch(ctx), typed);
    // Employees' mobiles are kept as typed: the local form or E.164.
    const forms = [...new Set([typed, e164])];
    const [supervisor] = await this.db
      .select({ id: users.id, name_en: users.name_en, name_ar: users.name_ar, branch_id: users.branch_id })
      .from(users)
      .where(
        and(
          inArray(users.mobile, forms),
          isNull(users.deleted_at),
          exists(this.db.select({ id: rooms.id }).from(rooms).where(accessOf(users.id))),
        ),
      )
      .limit(1);
    return { supervisor: supervisor ?? null, e164 };
  }

  /** The room the supervisor is logged into now, or null. */
  private async currentRoom(db: Db | Tx, ctx: SupervisorContext): Promise<number | null> {
    const [open] = await db
      .select({ room_id: roomSessions.room_id })
      .from(roomSessions)
      .innerJoin(rooms, eq(rooms.id, roomSessions.room_id))
      .where(
        and(
          eq(roomSessions.user_id, ctx.supervisor.id),
          eq(roomSessions.supervisor_session_id, ctx.supervisor.sessionId),
          isNull(roomSessions.logout_at),
          isNull(rooms.deleted_at),
        ),
      );
    return open?.room_id ?? null;
  }

  /** Room work needs the supervisor logged into a room (NO_ROOM_ASSIGNED). */
  private async loggedInRoom(ctx: SupervisorContext) {
    const roomId = await this.currentRoom(this.db, ctx);
    if (roomId === null) throw new AppError('NO_ROOM_ASSIGNED');
    const [room] = await this.db.select({ branch_id: rooms.branch_id }).from(rooms).where(eq(rooms.id, roomId));
    return room!;
  }

  /** One of the supervisor's rooms (ROOM_LOGIN_NOT_FOUND otherwise), locked when kids are to go in. */
  private async roomOf(tx: Tx, ctx: SupervisorContext, roomId: number, lock = false) {
    const query = tx
      .select({
        id: rooms.id,
        branch_id: rooms.branch_id,
        capacity: rooms.capacity,
        min_age: rooms.min_age,
        max_age: rooms.max_age,
      })
      .from(rooms)
      .where(and(eq(rooms.id, roomId), accessOf(ctx.supervisor.id)));
    const [room] = lock ? await query.for('update', { of: rooms }) : await query;
    if (!room) throw new AppError('ROOM_LOGIN_NOT_FOUND');
    return room;
  }

  private async closeRoomSession(tx: Tx, ctx: SupervisorContext) {
    await tx
      .update(roomSessions)
      .set({ logout_at: new Date() })
      .where(and(eq(roomSessions.user_id, ctx.supervisor.id), isNull(roomSessions.logout_at)));
    await tx.update(users).set({ room_id: null }).where(eq(users.id, ctx.supervisor.id));
  }
}

/**
 * The stay the check-in answers with, read in its own transaction: once committed, another supervisor
 * may move the kid on at once, and a stay read afterwards would already be closed (no row: a 500).
 */
async function stayRow(tx: Tx, visitId: number): Promise<RoomKidRecord> {
  const [row] = await roomKidsWhere(tx, eq(kidRoomStays.id, visitId));
  if (!row) throw new Error(`Room stay ${visitId} opened in this transaction is not found`);
  return row;
}
