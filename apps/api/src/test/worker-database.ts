import { databaseUrlOfWorker } from './test-database';

// Each Jest worker works on its own copy of the run's database (see global-setup.ts).
process.env.TESSERA_TEST_DATABASE_URL = databaseUrlOfWorker(Number(process.env.JEST_WORKER_ID ?? '1'));
