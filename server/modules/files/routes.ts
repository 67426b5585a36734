import { endpointsPlugin } from '../../http/route';
import * as filesApi from '../../../shared/api/files';
import type { FileService } from './service';

export function fileRoutes(files: FileService) {
  return endpointsPlugin(filesApi, {
    'file/upload': (body, ctx) => files.upload(ctx, body),
    'file/download': (body, ctx) => files.download(ctx, body),
    'file/list': (body, ctx) => files.list(ctx, body),
  });
}
