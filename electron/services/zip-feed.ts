import type { Readable } from 'node:stream';

/**
 * An .xlsx (a file read, or bytes in memory) as exceljs's streaming reader is fed it. Under exceljs,
 * unzipper's Parse ends its list of entries the moment its input is all taken in (a 'finish' listener
 * emits 'end'), while entries it has read ahead still wait in its buffer for exceljs, which paused it
 * to copy a sheet to a temporary file (a workbook saved sheets first, as Excel and exceljs save them).
 * Those entries were lost — workbook.xml, the shared strings, the styles — and a good workbook read as
 * no spreadsheet, or as empty, depending on the disk's speed. Without that listener Parse ends as a stream does:
 * after the last entry is read, at the zip's end record.
 */
export function zipFeed(source: Readable): Readable {
  const pipe = source.pipe.bind(source);
  source.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    for (const listener of destination.listeners('finish'))
      if (/\.emit\(\s*['"]end['"]/.test(String(listener)))
        destination.removeListener('finish', listener as (...args: unknown[]) => void);
    return pipe(destination, options);
  };
  return source;
}
