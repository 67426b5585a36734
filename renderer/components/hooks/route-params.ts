/**
 * Ids read from the address. An address is typed, pasted or bookmarked, so anything that is not a
 * whole positive number reads as no id (the screen then shows its list), never as NaN or 0.
 */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A comma-separated list of ids (`12,15`); the ones that are not ids are left out. */
export function idListParam(value: string | undefined): number[] {
  return (value ?? '').split(',').flatMap((part) => idParam(part) ?? []);
}

/**
 * A sale's id in the till's addresses: a sale recorded by the server, or one waiting in this station's
 * offline queue, whose id is negative (issue 28); anything else reads as no id.
 */
export function saleIdParam(value: string | undefined): number | null {
  const queued = value?.startsWith('-') === true;
  const id = idParam(queued ? value?.slice(1) : value);
  return id === null ? null : queued ? -id : id;
}
