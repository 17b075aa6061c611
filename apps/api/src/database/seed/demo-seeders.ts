import { seedDemoCrm } from '../../crm/crm.seed';
import { seedDemoRecords } from '../../records/records.seed';
import type { DemoSeeder } from './demo-seed-context';

/** Each domain's demo data, run in order after the foundation rows (users, institutions). */
export const DEMO_SEEDERS: DemoSeeder[] = [seedDemoRecords, seedDemoCrm];
