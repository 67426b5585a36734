import { api } from '../../api/base';
import { useNotify } from './use-notify';

/** Downloads a stored file and hands it to the browser's (or the desktop's) own save. */
export function useSaveStoredFile() {
  const notify = useNotify();
  const [download, downloading] = api.useLazyFileDownloadQuery();
  const save = async (file: { fileName: string; filePath: string }) => {
    const result = await download({ fileName: file.fileName, filePath: file.filePath });
    if (result.data === undefined) return notify.error((result.error as { message?: string }).message);
    const bytes = Uint8Array.from(atob(result.data.contentBase64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: result.data.mime }));
    const a = Object.assign(document.createElement('a'), { href: url, download: file.fileName });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return [save, downloading.isFetching] as const;
}
