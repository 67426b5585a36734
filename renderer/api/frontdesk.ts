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
    checkin: mutation(build, 'parent/kids/checkin', ['Session']),
    checkout: mutation(build, 'parent/kids/checkout', ['Session']),
    checkedIn: query(build, 'kids/checkedinlist', ['Session']),
    overtimeBills: query(build, 'kids/session/billing', ['Session']),
    overtimeDecide: mutation(build, 'kids/session/fee', ['Session']),
    /** The parent confirms the overtime to pay with their code (a GET in the spec, but it records the confirmation). */
    overtimeConfirm: mutation(build, 'kids/session/payments', ['Session']),
    overtimeLog: query(build, 'kids/session/fee/log', ['Session']),
    kidProfileVisits: query(build, 'profile/kid/session', ['Session']),
  }),
});
