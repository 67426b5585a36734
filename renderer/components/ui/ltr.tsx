import type { ReactNode } from 'react';

/*
 * A phone, badge, invoice number or amount inside Arabic text keeps the order it was typed in:
 * "+966501234567", not "966501234567+" (a leading sign or a "#" takes the Arabic side otherwise), and
 * it cannot reorder the words around it. One rule for the whole renderer: <Ltr> where the value sits in
 * markup, ltr() where it must travel as a string (a toast, an option's search text).
 */

/** The value drawn left to right in an isolate of its own (<bdi dir="ltr">). */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** The same for a string: wrapped in Unicode's left-to-right isolate (U+2066 … U+2069). */
export const ltr = (text: string) => `\u2066${text}\u2069`;
