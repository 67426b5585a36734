import type { Handlers } from '../../http/route';
import type { FileService } from './service';

export function fileRoutes(files: FileService): Pick<Handlers, 'file/upload' | 'file/download' | 'file/list'> {
  return {
    'file/upload': (body, ctx) => files.upload(ctx, body),
    'file/download': (body, ctx) => files.download(ctx, body),
    'file/list': (body, ctx) => files.list(ctx, body),
  };
}
