import type { RequestOf } from '../../shared/api/catalogue';
import { api, call, type Result } from './base';

/** Roles, employees and branches; each change invalidates its list so it reloads (spec 4). */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    featureList: build.query<Result<'feature/list'>, void>({ query: () => call('feature/list', { page: 1, perPage: 20 }) }),
    roleList: build.query<Result<'priviledge/role/list'>, RequestOf<'priviledge/role/list'>>({
      query: (body) => call('priviledge/role/list', body),
      providesTags: ['Role'],
    }),
    roleCreate: build.mutation<Result<'priviledge/role/create'>, RequestOf<'priviledge/role/create'>>({
      query: (body) => call('priviledge/role/create', body),
      invalidatesTags: ['Role', 'Lookup'],
    }),
    roleUpdate: build.mutation<Result<'priviledge/role/update'>, RequestOf<'priviledge/role/update'>>({
      query: (body) => call('priviledge/role/update', body),
      invalidatesTags: ['Role', 'Lookup'],
    }),
    roleOptions: build.query<Result<'priviledge/list'>, void>({ query: () => call('priviledge/list', {}), providesTags: ['Lookup', 'Role'] }),

    branchPage: build.query<Result<'branch/pagelist'>, RequestOf<'branch/pagelist'>>({
      query: (body) => call('branch/pagelist', body),
      providesTags: ['Branch'],
    }),
    branchCreate: build.mutation<Result<'branch/create'>, RequestOf<'branch/create'>>({
      query: (body) => call('branch/create', body),
      invalidatesTags: ['Branch'],
    }),
    branchUpdate: build.mutation<Result<'branch/update'>, RequestOf<'branch/update'>>({
      query: (body) => call('branch/update', body),
      invalidatesTags: ['Branch'],
    }),
    branchDelete: build.mutation<Result<'branch/delete'>, RequestOf<'branch/delete'>>({
      query: (body) => call('branch/delete', body),
      invalidatesTags: ['Branch'],
    }),

    employeePage: build.query<Result<'user/pagelist'>, RequestOf<'user/pagelist'>>({
      query: (body) => call('user/pagelist', body),
      providesTags: ['Employee'],
    }),
    employeeInfo: build.query<Result<'profile/user/info'>, number>({
      query: (id) => call('profile/user/info', { id }),
      providesTags: ['Employee'],
    }),
    employeeSessions: build.query<Result<'profile/user/session'>, RequestOf<'profile/user/session'>>({
      query: (body) => call('profile/user/session', body),
      providesTags: ['Employee'],
    }),
    employeeRoomSessions: build.query<Result<'profile/user/roomsession'>, RequestOf<'profile/user/roomsession'>>({
      query: (body) => call('profile/user/roomsession', body),
    }),
    employeeRegister: build.mutation<Result<'user/register'>, RequestOf<'user/register'>>({
      query: (body) => call('user/register', body),
      invalidatesTags: ['Employee', 'Role', 'Branch'],
    }),
    employeeUpdate: build.mutation<Result<'user/update'>, RequestOf<'user/update'>>({
      query: (body) => call('user/update', body),
      invalidatesTags: ['Employee', 'Role'],
    }),
    employeeDelete: build.mutation<Result<'user/delete'>, RequestOf<'user/delete'>>({
      query: (body) => call('user/delete', body),
      invalidatesTags: ['Employee', 'Role', 'Branch'],
    }),

    fileList: build.query<Result<'file/list'>, RequestOf<'file/list'>>({ query: (body) => call('file/list', body), providesTags: ['File'] }),
    fileUpload: build.mutation<Result<'file/upload'>, RequestOf<'file/upload'>>({
      query: (body) => call('file/upload', body),
      // A photo of a product or package becomes its picture.
      invalidatesTags: ['File', 'Product', 'Package'],
    }),
    /** A stored picture as a data URL, cached per file like any other read. */
    fileImage: build.query<string, RequestOf<'file/download'>>({
      query: (body) => call('file/download', body),
      transformResponse: (file: Result<'file/download'>) => `data:${file.mime};base64,${file.contentBase64}`,
    }),
    fileDownload: build.mutation<Result<'file/download'>, RequestOf<'file/download'>>({ query: (body) => call('file/download', body) }),
  }),
});

export const {
  useFeatureListQuery,
  useRoleListQuery,
  useRoleCreateMutation,
  useRoleUpdateMutation,
  useRoleOptionsQuery,
  useBranchPageQuery,
  useBranchCreateMutation,
  useBranchUpdateMutation,
  useBranchDeleteMutation,
  useEmployeePageQuery,
  useEmployeeInfoQuery,
  useEmployeeSessionsQuery,
  useEmployeeRoomSessionsQuery,
  useEmployeeRegisterMutation,
  useEmployeeUpdateMutation,
  useEmployeeDeleteMutation,
  useFileListQuery,
  useFileUploadMutation,
  useFileDownloadMutation,
  useFileImageQuery,
} = staffApi;
