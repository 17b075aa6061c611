import type { EntityManager } from 'typeorm';
import type { SeededRandom } from '@tessera/data-access/contracts';

export type DemoInstitutionSlug = 'acme' | 'northwind' | 'globex';

export interface DemoSeedContext {
  manager: EntityManager;
  institutions: Record<DemoInstitutionSlug, { id: string; name: string }>;
  /** Seeded users by e-mail. */
  users: Record<string, { id: string; email: string; firstName: string; lastName: string }>;
  /** Members of each institution who own CRM rows (sales reps first). */
  owners: Record<DemoInstitutionSlug, string[]>;
  random: SeededRandom;
  /** Dates in demo data are relative to this day, so the data stays current. */
  today: Date;
}

/** A domain's demo data; runs once, inside the seeding transaction, after the foundation rows. */
export type DemoSeeder = (context: DemoSeedContext) => Promise<void>;
