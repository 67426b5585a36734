import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AppAbility, SessionUser } from '../../shared/permissions';

export type FirstDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
/**
 * What a screen reads as it opens, asked for before it is drawn: the reads no realtime event keeps
 * fresh. Those it does are left to the screen: the station's realtime connection, made just after
 * sign-in, makes them stale (stale-tags.ts), so read before it they would be read again.
 */
export type FirstReads = (dispatch: FirstDispatch, ability: AppAbility) => void;

/**
 * Sign-in's hand-off to the app (app/first-screen.ts), loaded while the password is checked. Given to
 * makeStore at boot, so the store does not import the app's screens (which import the store).
 */
export interface SignInExtra {
  loadFirstScreen?: () => Promise<{ openFirstScreen: (user: SessionUser, dispatch: FirstDispatch) => void }>;
}
