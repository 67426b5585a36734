import type { FieldError } from './envelope';

type Node = { value: unknown; key: string; parent: number };

/**
 * The fields of a request whose text holds U+0000. PostgreSQL cannot store it in text, so such a value
 * would fail inside a statement (a 500) instead of being refused where it came in. Walked as a list
 * whose entries point at their parent, not by recursion: a body nested a hundred thousand arrays deep
 * must neither overflow the stack nor copy its path at every level.
 */
export function nulFields(input: unknown): FieldError[] {
  const nodes: Node[] = [{ value: input, key: '', parent: -1 }];
  const found: FieldError[] = [];
  for (let at = 0; at < nodes.length; at++) {
    const { value } = nodes[at]!;
    if (typeof value === 'string' && value.includes('\u0000')) {
      found.push({ path: pathOf(nodes, at), message: 'FIELD_INVALID' });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) nodes.push({ value: inner, key, parent: at });
    }
  }
  return found;
}

function pathOf(nodes: Node[], at: number): string {
  const keys: string[] = [];
  for (let node = nodes[at]!; node.parent >= 0; node = nodes[node.parent]!) keys.unshift(node.key);
  return keys.join('.');
}
