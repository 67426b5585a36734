import { api, mutation, query } from './base';

/** One-time codes, visits and their overtime, a kid's visits. */
export const {
  useOtpSendMutation,
  useOtpVerifyMutation,
  useCheckinMutation,
  useCheckoutMutation,
  useCheckedInQuery,
  useOvertimeBillsQuery,
  useOvertimeDecideMutation,
  useOvertimeConfirmMutation,
  useOvertimeLogQuery,
  useKidProfileVisitsQuery,
} = api.injectEndpoints({
  endpoints: (build) => ({
    otpSend: mutation(build, 'otp/send'),
    otpVerify: mutation(build, 'otp/verify'),
    checkin: mutation(build, 'parent/kids/checkin', ['Visit']),
    checkout: mutation(build, 'parent/kids/checkout', ['Visit']),
    checkedIn: query(build, 'kids/checkedinlist', ['Visit']),
    overtimeBills: query(build, 'kids/session/billing', ['Visit']),
    overtimeDecide: mutation(build, 'kids/session/fee', ['Visit']),
    /** The parent confirms the overtime to pay with their code (a GET in the spec, but it records the confirmation). */
    overtimeConfirm: mutation(build, 'kids/session/payments', ['Visit']),
    overtimeLog: query(build, 'kids/session/fee/log', ['Visit']),
    kidProfileVisits: query(build, 'profile/kid/session', ['Visit']),
  }),
});
