import { dropDatabase, TEST_SERVER_URL } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.TESSERA_TEST_DATABASE;
  if (name) await dropDatabase(TEST_SERVER_URL, name);
}
