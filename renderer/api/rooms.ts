import { api, mutation, query } from './base';

/** Rooms, who may supervise them, and kids' stays in them. */
export const {
  useRoomListQuery,
  useRoomCreateMutation,
  useRoomUpdateMutation,
  useRoomDeleteMutation,
  useRoomRevokeMutation,
  useRoomSupervisorCandidatesQuery,
  useRoomVisitsQuery,
  useKidRoomVisitsQuery,
} = api.injectEndpoints({
  endpoints: (build) => ({
    roomList: query(build, 'room/listall', ['Room', 'Visit']),
    roomCreate: mutation(build, 'room/create', ['Room']),
    roomUpdate: mutation(build, 'room/data/update', ['Room']),
    roomDelete: mutation(build, 'room/delete', ['Room']),
    roomRevoke: mutation(build, 'room/revoke', ['Room']),
    roomSupervisorCandidates: query(build, 'room/supervisor/list', ['Room']),
    roomVisits: query(build, 'kidroomsession/pagelist', ['Visit']),
    kidRoomVisits: query(build, 'profile/kid/roomsession', ['Visit']),
  }),
});
