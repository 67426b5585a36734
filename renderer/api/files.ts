import type { RequestOf, ResponseOf } from '../../shared/api/catalogue';
import { api, call, mutation, query } from './base';

export const { useFileListQuery, useFileUploadMutation, useFileDownloadMutation, useFileImageQuery } =
  api.injectEndpoints({
    endpoints: (build) => ({
      fileList: query(build, 'file/list', ['File']),
      // A photo of a product, package or kid becomes its picture.
      fileUpload: mutation(build, 'file/upload', ['File', 'Product', 'Package', 'Parent', 'Supervisor']),
      /** A stored picture as a data URL, cached per file like any other read. */
      fileImage: build.query<string, RequestOf<'file/download'>>({
        query: (body) => call('file/download', body),
        transformResponse: (file: ResponseOf<'file/download'>) => `data:${file.mime};base64,${file.contentBase64}`,
      }),
      fileDownload: mutation(build, 'file/download'),
    }),
  });
