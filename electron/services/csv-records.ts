import { createReadStream } from 'node:fs';

/** A cell longer than this is cut as it is read: a quote never closed must not hold the rest of a file. */
const MAX_FIELD_CHARS = 1_000;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class NotUtf8Error extends Error {
  constructor() {
    super('The text is not UTF-8');
    this.name = 'NotUtf8Error';
  }
}

/**
 * Reads a CSV file record by record, as a spreadsheet opens it: UTF-8 with or without a BOM, quoted
 * fields holding the separator, quotes ("") or line breaks, lines ending in CRLF, LF or CR. The
 * separator is the header line's comma, semicolon or tab (Excel writes semicolons where a comma is
 * the decimal mark). `onRecord` gets the record's fields (a buffer reused for the next one, so read it
 * during the call) and answers false to stop reading; the file is then closed unread.
 */
export async function readCsvRecords(path: string, onRecord: (fields: readonly string[]) => boolean): Promise<void> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fields: string[] = [];
  let field = '';
  let separator = -1;
  let quoted = false;
  /** A quote inside a quoted field: the field's end, or the first of a doubled quote ("")? */
  let quoteSeen = false;
  /** The record ended at a CR; a following LF belongs to it. */
  let afterCr = false;
  /** Nothing of the field read yet: only there does a quote open a quoted field. */
  let fieldStart = true;
  /** Something read since the last record: a file's final line break does not start an empty one. */
  let pending = false;
  const append = (text: string) => {
    if (field.length < MAX_FIELD_CHARS) field += text.slice(0, MAX_FIELD_CHARS - field.length);
  };
  const endField = () => {
    fields.push(field);
    field = '';
    fieldStart = true;
  };
  const endRecord = (): boolean => {
    endField();
    pending = false;
    const more = onRecord(fields);
    fields.length = 0;
    return more;
  };
  const decode = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new NotUtf8Error();
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = decode(chunk);
      if (separator < 0) separator = separatorOf(text);
      let from = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (quoted) {
          if (!quoteSeen) {
            if (c === QUOTE) {
              append(text.slice(from, i));
              quoteSeen = true;
            }
            continue;
          }
          quoteSeen = false;
          if (c === QUOTE) {
            append('"');
            from = i + 1;
            continue;
          }
          quoted = false;
          from = i;
        }
        if (afterCr) {
          afterCr = false;
          if (c === LF) {
            from = i + 1;
            continue;
          }
        }
        if (c === LF || c === CR) {
          append(text.slice(from, i));
          afterCr = c === CR;
          from = i + 1;
          if (!endRecord()) return;
          continue;
        }
        pending = true;
        if (c === separator) {
          append(text.slice(from, i));
          endField();
          from = i + 1;
        } else if (c === QUOTE && fieldStart) {
          quoted = true;
          fieldStart = false;
          from = i + 1;
        } else {
          fieldStart = false;
        }
      }
      if (!(quoted && quoteSeen)) append(text.slice(from));
    }
    append(decode());
    if (pending) endRecord();
  } finally {
    stream.destroy();
  }
}

/** The separator the first line uses most (outside quotes); a comma when it uses none. */
function separatorOf(text: string): number {
  const line = text
    .replace(/^\s+/, '')
    .split(/\r|\n/, 1)[0]!
    .replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((s) => [s, line.split(s).length - 1] as const);
  const [best, count] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return count > 0 ? best.charCodeAt(0) : ','.charCodeAt(0);
}
