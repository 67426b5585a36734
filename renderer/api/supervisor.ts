import { api, mutation, query } from './base';

/** Supervisor mode: the code sign-in, the room login, the room's kids in and out. */
export const {
  useSupervisorCodeSendMutation,
  useSupervisorCodeVerifyMutation,
  useSupervisorStateQuery,
  useSupervisorRoomsQuery,
  useSupervisorLoginMutation,
  useSupervisorLogoutMutation,
  useSupervisorBadgeMutation,
  useRoomCheckinMutation,
  useRoomCheckoutMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    supervisorCodeSend: mutation(build, 'otp/supervisor/send'),
    supervisorCodeVerify: mutation(build, 'otp/supervisor/verify', ['Supervisor']),
    // Visits change the room (a kid checked out at the desk leaves it): 'Visit' refreshes it on realtime news.
    supervisorState: query(build, 'room/supervisor', ['Supervisor', 'Visit']),
    supervisorRooms: query(build, 'room/supervisor/roomlist', ['Supervisor', 'Visit']),
    supervisorLogin: mutation(build, 'room/supervisor/login', ['Supervisor']),
    supervisorLogout: mutation(build, 'room/supervisor/logout', ['Supervisor']),
    /** A read, but run on a scan as a command is: one answer per scan, never cached. */
    supervisorBadge: mutation(build, 'supervisor/badge'),
    roomCheckin: mutation(build, 'supervisor/checkin', ['Visit']),
    roomCheckout: mutation(build, 'supervisor/checkout', ['Visit']),
  }),
});
