import type { RecordItem } from '@tessera/data-access/contracts';

/** A stored record as a list answers it, titled by its id, for the screens' pure helpers under test. */
export function recordWith(id: string, data: RecordItem['data']): RecordItem {
  return { id, data, title: id, version: 1, created_at: '', updated_at: '' };
}
