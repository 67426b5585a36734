import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { SessionUser } from '../../shared/permissions';
import type { LoginRequest } from '../../shared/api/auth';
import type { ApiFailure } from '../../shared/api/envelope';
import { bridge, startsSignedOut } from '../bridge';
import type { SignInExtra } from './first-reads';

type Status = 'starting' | 'signedOut' | 'signingIn' | 'signedIn';
export interface AuthState {
  status: Status;
  user: SessionUser | null;
  failure: ApiFailure | null;
}

// 'starting' until the station says whether this page is signed in, unless it surely is not.
const initialState: AuthState = { status: startsSignedOut ? 'signedOut' : 'starting', user: null, failure: null };

export const restoreSession = createAsyncThunk('auth/restore', async () => {
  try {
    return await bridge.invoke('pos:auth-current', null);
  } catch {
    return null;
  }
});

export const login = createAsyncThunk<SessionUser, LoginRequest, { rejectValue: ApiFailure; extra: SignInExtra }>(
  'auth/login',
  async (body, { dispatch, rejectWithValue, extra }) => {
    // Asked for while the password is checked: the first screen's reads then start with the answer.
    const firstScreen = extra.loadFirstScreen?.();
    const result = await bridge.invoke('pos:auth-login', body);
    if (!result.status) return rejectWithValue(result);
    const { user } = result.data;
    void firstScreen?.then((m) => m.openFirstScreen(user, dispatch)).catch(() => undefined);
    return user;
  },
);

export const logout = createAsyncThunk('auth/logout', async () => {
  await bridge.invoke('pos:auth-logout', null);
});

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** The main process ended the session (revoked, or refresh failed). */
    sessionEnded: (state) => {
      state.status = 'signedOut';
      state.user = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.fulfilled, (state, { payload }) => {
        state.user = payload;
        state.status = payload ? 'signedIn' : 'signedOut';
      })
      .addCase(login.pending, (state) => {
        state.status = 'signingIn';
        state.failure = null;
      })
      .addCase(login.fulfilled, (state, { payload }) => {
        state.status = 'signedIn';
        state.user = payload;
      })
      .addCase(login.rejected, (state, { payload }) => {
        state.status = 'signedOut';
        state.failure = payload ?? { status: false, message: 'SOMETHING_WENT_WRONG' };
      })
      .addCase(logout.fulfilled, (state) => {
        state.status = 'signedOut';
        state.user = null;
      });
  },
});

export const { sessionEnded } = authSlice.actions;
