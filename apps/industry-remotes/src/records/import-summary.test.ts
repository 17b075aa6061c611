import type { RecordImportStatus } from '@tessera/data-access/contracts';
import { importSummary } from './import-summary';

const base: RecordImportStatus = {
  id: 'i-1',
  status: 'running',
  failure: null,
  total_rows: 3000,
  processed_rows: 1500,
  created_count: 1499,
  error_count: 1,
  errors: [],
};

describe('importSummary', () => {
  it('counts rows done while the import is under way, queued or running', () => {
    expect(importSummary(base)).toBe('Importing… 1500 of 3000 rows');
    expect(importSummary({ ...base, status: 'pending', processed_rows: 0 })).toBe(
      'Importing… 0 of 3000 rows',
    );
  });

  it('gives what was created and refused once finished', () => {
    expect(
      importSummary({
        ...base,
        status: 'completed',
        processed_rows: 3000,
        created_count: 2998,
        error_count: 2,
      }),
    ).toBe('Finished: 2998 created, 2 refused of 3000 rows.');
  });

  it('says why a failed import stopped', () => {
    expect(importSummary({ ...base, status: 'failed', failure: 'The server stopped.' })).toBe(
      'Failed: 1499 created, 1 refused of 3000 rows. The server stopped.',
    );
    expect(importSummary({ ...base, status: 'failed' })).toBe(
      'Failed: 1499 created, 1 refused of 3000 rows.',
    );
  });
});
