import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../api/base';
import { authSlice, sessionEnded } from './auth-slice';
import { bridge } from '../bridge';

export const store = configureStore({
  reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

bridge.onEvent((event) => {
  if (event.type === 'session-ended') {
    store.dispatch(sessionEnded());
    store.dispatch(api.util.resetApiState());
  }
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
