export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxPaging {
  /** `21–40 of 45`, or `No messages`. */
  label: string;
  previousOffset: number | null;
  nextOffset: number | null;
}

/** Where a page of the outbox sits in the whole list, and where the neighbouring pages start. */
export function outboxPaging(offset: number, pageSize: number, total: number): OutboxPaging {
  if (total <= 0) return { label: 'No messages', previousOffset: null, nextOffset: null };
  const first = Math.min(offset, Math.max(total - 1, 0)) + 1;
  const last = Math.min(offset + pageSize, total);
  return {
    label: `${first}–${last} of ${total}`,
    previousOffset: offset > 0 ? Math.max(offset - pageSize, 0) : null,
    nextOffset: offset + pageSize < total ? offset + pageSize : null,
  };
}
