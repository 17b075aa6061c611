import { hash } from 'argon2';
import { MODULE_CATALOGUE, type InstitutionRole, SeededRandom } from '@tessera/data-access/contracts';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source';
import type { DemoInstitutionSlug, DemoSeedContext } from './demo-seed-context';
import { DEMO_SEEDERS } from './demo-seeders';

export const DEMO_PASSWORD = 'tessera-demo';
export const SUPER_ADMIN_PASSWORD = 'tessera-admin';

interface DemoUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  memberships: Array<[DemoInstitutionSlug, InstitutionRole]>;
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'demo@acme.test',
    password: DEMO_PASSWORD,
    firstName: 'Dana',
    lastName: 'Reyes',
    memberships: [
      ['acme', 'owner'],
      ['northwind', 'member'],
    ],
  },
  {
    email: 'admin@tessera.app',
    password: SUPER_ADMIN_PASSWORD,
    firstName: 'Ada',
    lastName: 'Admin',
    memberships: [],
  },
  {
    email: 'owner@globex.test',
    password: DEMO_PASSWORD,
    firstName: 'Gabriel',
    lastName: 'Stone',
    memberships: [['globex', 'owner']],
  },
  {
    email: 'viewer@acme.test',
    password: DEMO_PASSWORD,
    firstName: 'Morgan',
    lastName: 'Lee',
    memberships: [['acme', 'viewer']],
  },
  {
    email: 'jordan.kim@acme.test',
    password: DEMO_PASSWORD,
    firstName: 'Jordan',
    lastName: 'Kim',
    memberships: [['acme', 'member']],
  },
  {
    email: 'taylor.brooks@acme.test',
    password: DEMO_PASSWORD,
    firstName: 'Taylor',
    lastName: 'Brooks',
    memberships: [['acme', 'member']],
  },
  {
    email: 'nora.hale@northwind.test',
    password: DEMO_PASSWORD,
    firstName: 'Nora',
    lastName: 'Hale',
    memberships: [['northwind', 'owner']],
  },
  {
    email: 'sam.ortiz@globex.test',
    password: DEMO_PASSWORD,
    firstName: 'Sam',
    lastName: 'Ortiz',
    memberships: [['globex', 'member']],
  },
];

const allModules = MODULE_CATALOGUE.map((entry) => entry.id);
const modulesOf = (...categories: string[]) =>
  MODULE_CATALOGUE.filter((entry) => categories.includes(entry.category) && !entry.isPremium).map(
    (entry) => entry.id,
  );

export const DEMO_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'Core Business modules: CRM, Project Management and Finance.',
    priceCents: 2900,
    categories: ['Core Business'],
    includesPremium: false,
    sortOrder: 1,
  },
  {
    id: 'growth',
    name: 'Growth',
    description: 'Everything in Starter plus Marketing, Sales and TrainerPro.',
    priceCents: 7900,
    categories: ['Core Business', 'Business Growth'],
    includesPremium: false,
    sortOrder: 2,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Everything in Growth plus every Industry Solution, including premium Hotel Management.',
    priceCents: 19900,
    categories: ['Core Business', 'Business Growth', 'Industry Solutions'],
    includesPremium: true,
    sortOrder: 3,
  },
];

const DEMO_INSTITUTIONS: Array<{
  slug: DemoInstitutionSlug;
  name: string;
  planId: string;
  modules: string[];
}> = [
  { slug: 'acme', name: 'Acme Corporation', planId: 'enterprise', modules: allModules },
  {
    slug: 'northwind',
    name: 'Northwind Health',
    planId: 'enterprise',
    modules: ['project', 'finance', 'marketing', 'healthcare', 'education'],
  },
  {
    slug: 'globex',
    name: 'Globex Retail',
    planId: 'growth',
    modules: modulesOf('Core Business', 'Business Growth'),
  },
];

/** Is the demo data there already? The demo institution's slug is the marker. */
async function isSeeded(dataSource: DataSource): Promise<boolean> {
  const rows: Array<{ id: string }> = await dataSource.query(
    `SELECT id FROM institutions WHERE slug = 'acme'`,
  );
  return rows.length > 0;
}

/**
 * Seeds the demo organisations, users and every domain's demo rows in one transaction, once.
 * Deterministic: a fixed PRNG seed; dates are relative to `today`.
 */
export async function seedDemoData(url: string, today = new Date()): Promise<boolean> {
  const dataSource = new DataSource({ ...dataSourceOptions(url, 1), entities: [] });
  await dataSource.initialize();
  try {
    if (await isSeeded(dataSource)) return false;
    const passwordHashes = new Map<string, string>();
    for (const password of new Set(DEMO_USERS.map((user) => user.password))) {
      passwordHashes.set(password, await hash(password));
    }
    await dataSource.transaction(async (manager) => {
      for (const plan of DEMO_PLANS) {
        await manager.query(
          `INSERT INTO plans (id, name, description, price_cents, categories, includes_premium, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [
            plan.id,
            plan.name,
            plan.description,
            plan.priceCents,
            plan.categories,
            plan.includesPremium,
            plan.sortOrder,
          ],
        );
      }
      const institutions = {} as DemoSeedContext['institutions'];
      for (const institution of DEMO_INSTITUTIONS) {
        const [row]: Array<{ id: string }> = await manager.query(
          `INSERT INTO institutions (name, slug, plan_id, modules_included) VALUES ($1, $2, $3, $4) RETURNING id`,
          [institution.name, institution.slug, institution.planId, institution.modules],
        );
        institutions[institution.slug] = { id: row.id, name: institution.name };
      }
      const users: DemoSeedContext['users'] = {};
      const owners: DemoSeedContext['owners'] = { acme: [], northwind: [], globex: [] };
      let joinedOffset = 0;
      for (const user of DEMO_USERS) {
        const [row]: Array<{ id: string }> = await manager.query(
          `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) RETURNING id`,
          [user.email, passwordHashes.get(user.password), user.firstName, user.lastName],
        );
        users[user.email] = {
          id: row.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
        };
        for (const [slug, role] of user.memberships) {
          joinedOffset += 1;
          // Distinct join times keep "the first institution" stable for every user.
          await manager.query(
            `INSERT INTO institution_members (institution_id, user_id, role, joined_at)
             VALUES ($1, $2, $3, now() - make_interval(days => 400) + make_interval(mins => $4))`,
            [institutions[slug].id, row.id, role, joinedOffset],
          );
          if (role !== 'viewer') owners[slug].push(row.id);
        }
      }
      await manager.query(
        `INSERT INTO feature_flags (institution_id, key, enabled) VALUES
           ($1, 'crm.ai_insights', true), ($1, 'crm.lead_capture', true),
           ($2, 'crm.ai_insights', false), ($3, 'crm.ai_insights', true)`,
        [institutions.acme.id, institutions.northwind.id, institutions.globex.id],
      );
      const context: DemoSeedContext = {
        manager,
        institutions,
        users,
        owners,
        random: new SeededRandom(20261122),
        today,
      };
      for (const seeder of DEMO_SEEDERS) {
        await seeder(context);
      }
    });
    return true;
  } finally {
    await dataSource.destroy();
  }
}
