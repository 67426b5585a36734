/**
 * The simplified tax invoice QR code of ZATCA phase 1: five TLV fields (tag, length, UTF-8 value)
 * — seller name, VAT number, time stamp, total with VAT, VAT total — concatenated and base64-encoded.
 * Written for both Node and the browser (TextEncoder, btoa).
 */
export interface TaxQrFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 time stamp of the invoice. */
  timestamp: string;
  /** Total with VAT, as a decimal text with two places ("115.00"). */
  total: string;
  vatTotal: string;
}

const ORDER: (keyof TaxQrFields)[] = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vatTotal'];

export function encodeTaxQr(fields: TaxQrFields): string {
  const parts: number[] = [];
  ORDER.forEach((key, i) => {
    const value = new TextEncoder().encode(fields[key]);
    // Phase 1 lengths are one byte: a longer value (a very long seller name) is cut at a character boundary.
    const cut = value.length > 255 ? new TextEncoder().encode(truncateUtf8(fields[key], 255)) : value;
    parts.push(i + 1, cut.length, ...cut);
  });
  return toBase64(Uint8Array.from(parts));
}

/** An amount in minor units as the QR wants it: decimal, two places, no grouping. */
export const qrAmount = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  for (const ch of text) {
    if (new TextEncoder().encode(out + ch).length > maxBytes) break;
    out += ch;
  }
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
