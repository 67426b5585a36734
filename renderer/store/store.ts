import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../api/base';
import { authSlice, sessionEnded } from './auth-slice';
import { bridge } from '../bridge';
import type { SignInExtra } from './first-reads';

const rootReducer = combineReducers({ auth: authSlice.reducer, [api.reducerPath]: api.reducer });
export type RootState = ReturnType<typeof rootReducer>;

/**
 * A store of its own for each caller: the app makes one at boot (main.tsx), each component test one
 * per test, so no test sees another's cache or sign-in.
 */
export function makeStore({
  preloadedState,
  extra = {},
}: { preloadedState?: Partial<RootState>; extra?: SignInExtra } = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The station ended the session (revoked, or its refresh failed): signed out, and nothing cached kept. */
export const followStationSession = (store: AppStore) =>
  bridge.onEvent((event) => {
    if (event.type !== 'session-ended') return;
    store.dispatch(sessionEnded());
    store.dispatch(api.util.resetApiState());
  });
