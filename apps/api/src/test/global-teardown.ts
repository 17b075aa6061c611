import { rmSync } from 'node:fs';
import { dropDatabase, runApiDocumentFile, TEST_SERVER_URL } from './test-database';

export default async function globalTeardown(): Promise<void> {
  for (const name of (process.env.TESSERA_TEST_DATABASES ?? '').split(',').filter(Boolean)) {
    await dropDatabase(TEST_SERVER_URL, name);
  }
  rmSync(runApiDocumentFile(), { force: true });
}
