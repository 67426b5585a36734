import type { HandlersOf } from '../../http/route';
import type * as filesApi from '../../../shared/api/files';
import type { FileService } from './service';

export function fileRoutes(files: FileService): HandlersOf<typeof filesApi> {
  return {
    'file/upload': (body, ctx) => files.upload(ctx, body),
    'file/download': (body, ctx) => files.download(ctx, body),
    'file/list': (body, ctx) => files.list(ctx, body),
  };
}
