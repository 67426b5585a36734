import type { RequestOf } from '../../shared/api/catalogue';
import { api, call, type Result } from './base';

/** Parents, kids, one-time codes, visits and their overtime, subscriptions, the SMS outbox. */
export const frontDeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    parentSearch: build.query<Result<'parent/search'>, RequestOf<'parent/search'>>({ query: (body) => call('parent/search', body), providesTags: ['Parent', 'Session'] }),
    parentCreate: build.mutation<Result<'parent/create'>, RequestOf<'parent/create'>>({ query: (body) => call('parent/create', body), invalidatesTags: ['Parent'] }),
    kidCreate: build.mutation<Result<'kid/create'>, RequestOf<'kid/create'>>({ query: (body) => call('kid/create', body), invalidatesTags: ['Parent'] }),
    kidUpdate: build.mutation<Result<'kid/update'>, RequestOf<'kid/update'>>({ query: (body) => call('kid/update', body), invalidatesTags: ['Parent', 'Session'] }),
    kidInfo: build.query<Result<'profile/kid/info'>, RequestOf<'profile/kid/info'>>({ query: (body) => call('profile/kid/info', body), providesTags: ['Parent'] }),
    kidSubscriptions: build.query<Result<'profile/kid/subscription'>, RequestOf<'profile/kid/subscription'>>({
      query: (body) => call('profile/kid/subscription', body),
      providesTags: ['Subscription'],
    }),
    kidInvoices: build.query<Result<'profile/kid/invoice'>, RequestOf<'profile/kid/invoice'>>({ query: (body) => call('profile/kid/invoice', body), providesTags: ['Invoice'] }),
    kidVisits: build.query<Result<'profile/kid/session'>, RequestOf<'profile/kid/session'>>({ query: (body) => call('profile/kid/session', body), providesTags: ['Session'] }),
    kidRoomVisits: build.query<Result<'profile/kid/roomsession'>, RequestOf<'profile/kid/roomsession'>>({ query: (body) => call('profile/kid/roomsession', body) }),
    otpSend: build.mutation<Result<'otp/send'>, RequestOf<'otp/send'>>({ query: (body) => call('otp/send', body) }),
    otpVerify: build.mutation<Result<'otp/verify'>, RequestOf<'otp/verify'>>({ query: (body) => call('otp/verify', body) }),
    checkin: build.mutation<Result<'parent/kids/checkin'>, RequestOf<'parent/kids/checkin'>>({ query: (body) => call('parent/kids/checkin', body), invalidatesTags: ['Session'] }),
    checkout: build.mutation<Result<'parent/kids/checkout'>, RequestOf<'parent/kids/checkout'>>({ query: (body) => call('parent/kids/checkout', body), invalidatesTags: ['Session'] }),
    checkedIn: build.query<Result<'kids/checkedinlist'>, RequestOf<'kids/checkedinlist'>>({ query: (body) => call('kids/checkedinlist', body), providesTags: ['Session'] }),
    overtimeBills: build.query<Result<'kids/session/billing'>, RequestOf<'kids/session/billing'>>({ query: (body) => call('kids/session/billing', body), providesTags: ['Session'] }),
    overtimeDecide: build.mutation<Result<'kids/session/fee'>, RequestOf<'kids/session/fee'>>({ query: (body) => call('kids/session/fee', body), invalidatesTags: ['Session'] }),
    /** The parent confirms the overtime to pay with their code (a GET in the spec, but it records the confirmation). */
    overtimeConfirm: build.mutation<Result<'kids/session/payments'>, RequestOf<'kids/session/payments'>>({
      query: (body) => call('kids/session/payments', body),
      invalidatesTags: ['Session'],
    }),
    overtimeLog: build.query<Result<'kids/session/fee/log'>, RequestOf<'kids/session/fee/log'>>({ query: (body) => call('kids/session/fee/log', body), providesTags: ['Session'] }),
    smsOutbox: build.query<Result<'sms/outbox'>, RequestOf<'sms/outbox'>>({ query: (body) => call('sms/outbox', body) }),
    subscriptionPage: build.query<Result<'subscription/pagelist'>, RequestOf<'subscription/pagelist'>>({
      query: (body) => call('subscription/pagelist', body),
      providesTags: ['Subscription'],
    }),
    subscriptionFreeze: build.mutation<Result<'subscription/freeze'>, RequestOf<'subscription/freeze'>>({
      query: (body) => call('subscription/freeze', body),
      invalidatesTags: ['Subscription'],
    }),
    subscriptionDelete: build.mutation<Result<'subscription/delete'>, RequestOf<'subscription/delete'>>({
      query: (body) => call('subscription/delete', body),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useParentSearchQuery,
  useParentCreateMutation,
  useKidCreateMutation,
  useKidUpdateMutation,
  useKidInfoQuery,
  useKidSubscriptionsQuery,
  useKidInvoicesQuery,
  useKidVisitsQuery,
  useKidRoomVisitsQuery,
  useOtpSendMutation,
  useOtpVerifyMutation,
  useCheckinMutation,
  useCheckoutMutation,
  useCheckedInQuery,
  useOvertimeBillsQuery,
  useOvertimeDecideMutation,
  useOvertimeLogQuery,
  useOvertimeConfirmMutation,
  useSmsOutboxQuery,
  useSubscriptionPageQuery,
  useSubscriptionFreezeMutation,
  useSubscriptionDeleteMutation,
} = frontDeskApi;
