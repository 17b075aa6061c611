/**
 * The module catalogue of the built-in remotes (docs/product/modules.md#modules-and-submodules). At run time the
 * catalogue is data: the API keeps it in PostgreSQL (registry tables), seeded from this list on every start, and
 * remotes registered later add their modules there. The sidebar, the quick search, the routes and the access
 * decisions read the registry's answer (`GET /api/modules`), never this list directly. Record schemas for
 * submodules live beside it in `records/`.
 */

export type ModuleCategory = 'Core Business' | 'Business Growth' | 'Industry Solutions';

export const MODULE_CATEGORIES: readonly ModuleCategory[] = [
  'Core Business',
  'Business Growth',
  'Industry Solutions',
] as const;

/**
 * A registered remote's key (lower-case, e.g. `crm`, `industry`, `billing`): the registry in the database is the
 * list of keys, so any string a super admin registered is one.
 */
export type RemoteKey = string;

export interface SubmoduleEntry {
  id: string;
  name: string;
  route: string;
}

export interface ModuleCatalogueEntry {
  id: string;
  name: string;
  route: string;
  description: string;
  category: ModuleCategory;
  isPremium?: boolean;
  remote: RemoteKey;
  submodules: SubmoduleEntry[];
  /** A level per role that replaces the role's default for this module (docs/product/access.md). */
  defaultLevels?: Partial<
    Record<'owner' | 'admin' | 'member' | 'viewer', 'none' | 'read' | 'write' | 'admin'>
  >;
}

type SubmoduleSeed = readonly [id: string, name: string];

function moduleEntry(
  id: string,
  name: string,
  category: ModuleCategory,
  description: string,
  submodules: readonly SubmoduleSeed[],
  options: { isPremium?: boolean; remote?: RemoteKey } = {},
): ModuleCatalogueEntry {
  const route = `/modules/${id}`;
  return {
    id,
    name,
    route,
    description,
    category,
    remote: options.remote ?? 'industry',
    ...(options.isPremium ? { isPremium: true } : {}),
    submodules: submodules.map(([subId, subName]) => ({
      id: subId,
      name: subName,
      route: `${route}/${subId}`,
    })),
  };
}

export const MODULE_CATALOGUE: readonly ModuleCatalogueEntry[] = [
  moduleEntry(
    'crm',
    'CRM',
    'Core Business',
    'Leads, contacts, deals, activities and email campaigns, with lead scoring, qualification, pipeline boards, automation and analytics.',
    // Every page of the CRM has its entry, so the sidebar and quick search reach it (its own page
    // shows the same list).
    [
      ['contacts', 'Contacts'],
      ['companies', 'Companies'],
      ['deals', 'Deals'],
      ['leads', 'Leads'],
      ['activities', 'Activities'],
      ['campaigns', 'Email Campaigns'],
      ['forms', 'Web Forms'],
      ['sequences', 'Sequences'],
      ['imports', 'Imports'],
      ['duplicates', 'Duplicates'],
    ],
    { remote: 'crm' },
  ),
  moduleEntry(
    'project',
    'Project Management',
    'Core Business',
    'Plan projects, track tasks, schedule on a Gantt chart and balance resources.',
    [
      ['tasks', 'Tasks'],
      ['gantt', 'Gantt'],
      ['resources', 'Resources'],
    ],
  ),
  moduleEntry(
    'finance',
    'Finance',
    'Core Business',
    'Invoices, expenses and financial reporting for the organisation.',
    [
      ['invoicing', 'Invoicing'],
      ['expenses', 'Expenses'],
      ['reporting', 'Reporting'],
    ],
  ),
  moduleEntry(
    'marketing',
    'Marketing',
    'Business Growth',
    'Plan campaigns, publish on social channels, send e-mail and measure results.',
    [
      // Named apart from the CRM's Email Campaigns: these plan spend and channels.
      ['campaigns', 'Marketing Campaigns'],
      ['analytics', 'Analytics'],
      ['social', 'Social'],
      ['email', 'Newsletters'],
    ],
  ),
  moduleEntry(
    'sales',
    'Sales',
    'Business Growth',
    'The sales pipeline, revenue forecasting and sales automation over the CRM data.',
    [
      ['pipeline', 'Pipeline'],
      ['forecasting', 'Forecasting'],
      ['automation', 'Automation'],
    ],
    { remote: 'crm' },
  ),
  moduleEntry(
    'trainerpro',
    'TrainerPro',
    'Business Growth',
    'Build and sell training courses, author content in the studio and assess learners.',
    [
      ['courses', 'Courses'],
      ['studio', 'Studio'],
      ['assessments', 'Assessments'],
    ],
  ),
  moduleEntry(
    'healthcare',
    'Healthcare',
    'Industry Solutions',
    'Patients, physicians, appointments, telemedicine, pharmacy, compliance, insurance and patient engagement.',
    [
      ['overview', 'Overview'],
      ['patients', 'Patients'],
      ['physicians', 'Physicians'],
      ['appointments', 'Appointments'],
      ['telemedicine', 'Telemedicine'],
      ['pharmacy', 'Pharmacy'],
      ['compliance', 'Compliance'],
      ['insurance', 'Insurance'],
      ['engagement', 'Engagement'],
    ],
  ),
  moduleEntry(
    'education',
    'Education',
    'Industry Solutions',
    'Students, courses, scheduling, virtual sessions, grades, e-learning, staff and reports.',
    [
      ['overview', 'Overview'],
      ['students', 'Students'],
      ['courses', 'Courses'],
      ['scheduling', 'Scheduling'],
      ['calendar', 'Calendar'],
      ['virtual-sessions', 'Virtual Sessions'],
      ['grades', 'Grades'],
      ['elearning', 'E-Learning'],
      ['staff-management', 'Staff Management'],
      ['resources', 'Resources'],
      ['reports', 'Reports'],
      ['analytics', 'Analytics'],
    ],
  ),
  moduleEntry(
    'retail',
    'Retail',
    'Industry Solutions',
    'Inventory, point of sale, loyalty, suppliers and store operations.',
    [
      ['overview', 'Overview'],
      ['inventory', 'Inventory'],
      ['pos', 'Point of Sale'],
      ['loyalty', 'Loyalty'],
      ['suppliers', 'Suppliers'],
      ['operations', 'Operations'],
    ],
  ),
  moduleEntry(
    'real-estate',
    'Real Estate',
    'Industry Solutions',
    'Property listings, their status and their value at a glance.',
    [['overview', 'Overview']],
  ),
  moduleEntry(
    'financial-services',
    'Financial Services',
    'Industry Solutions',
    'Clients, portfolios, risk, compliance and reports for financial advisers.',
    [
      ['dashboard', 'Dashboard'],
      ['clients', 'Clients'],
      ['compliance', 'Compliance'],
      ['risk', 'Risk'],
      ['portfolio', 'Portfolio'],
      ['reports', 'Reports'],
    ],
  ),
  moduleEntry(
    'logistics',
    'Logistics',
    'Industry Solutions',
    'Routes, fleet, warehouses, last-mile delivery and customs.',
    [
      ['overview', 'Overview'],
      ['route-optimization', 'Route Optimization'],
      ['fleet-management', 'Fleet Management'],
      ['warehouse-operations', 'Warehouse Operations'],
      ['last-mile-delivery', 'Last-Mile Delivery'],
      ['customs-compliance', 'Customs Compliance'],
    ],
  ),
  moduleEntry(
    'manufacturing',
    'Manufacturing',
    'Industry Solutions',
    'Production planning, quality control, equipment maintenance, supply chain and product lifecycle.',
    [
      ['overview', 'Overview'],
      ['production-planning', 'Production Planning'],
      ['quality-control', 'Quality Control'],
      ['equipment-maintenance', 'Equipment Maintenance'],
      ['supply-chain', 'Supply Chain'],
      ['product-lifecycle', 'Product Lifecycle'],
    ],
  ),
  moduleEntry(
    'government',
    'Government',
    'Industry Solutions',
    'Citizen services, case management, regulation, grants and public safety.',
    [
      ['overview', 'Overview'],
      ['citizen-services', 'Citizen Services'],
      ['case-management', 'Case Management'],
      ['regulatory-compliance', 'Regulatory Compliance'],
      ['grant-management', 'Grant Management'],
      ['public-safety', 'Public Safety'],
    ],
  ),
  moduleEntry(
    'legal',
    'Legal Practice',
    'Industry Solutions',
    'Cases, documents, client portal, time and billing, calendar, compliance and research.',
    [
      ['case-management', 'Case Management'],
      ['document-management', 'Document Management'],
      ['client-portal', 'Client Portal'],
      ['time-billing', 'Time & Billing'],
      ['calendar-scheduling', 'Calendar & Scheduling'],
      ['compliance-tracking', 'Compliance Tracking'],
      ['legal-research', 'Legal Research'],
    ],
  ),
  moduleEntry(
    'professional-services',
    'Professional Services',
    'Industry Solutions',
    'Clients, projects, time tracking, invoicing and profitability for service firms.',
    [
      ['clients', 'Clients'],
      ['projects', 'Projects'],
      ['time-tracking', 'Time Tracking'],
      ['invoicing', 'Invoicing'],
      ['profitability', 'Profitability'],
    ],
  ),
  moduleEntry(
    'ecommerce',
    'E-commerce',
    'Industry Solutions',
    'Products, orders, customers, inventory and promotions of an online store.',
    [
      ['products', 'Products'],
      ['orders', 'Orders'],
      ['customers', 'Customers'],
      ['inventory', 'Inventory'],
      ['promotions', 'Promotions'],
    ],
  ),
  moduleEntry(
    'hotel',
    'Hotel Management',
    'Industry Solutions',
    'Reservations, rooms, guest services, housekeeping, billing, restaurant and bar, events, concierge and facilities.',
    [
      ['reservations', 'Reservations'],
      ['rooms', 'Rooms'],
      ['guest-services', 'Guest Services'],
      ['housekeeping', 'Housekeeping'],
      ['billing-payments', 'Billing & Payments'],
      ['restaurant-bar', 'Restaurant & Bar'],
      ['event-management', 'Event Management'],
      ['concierge', 'Concierge'],
      ['facilities', 'Facilities'],
    ],
    { isPremium: true },
  ),
];

export const MODULE_IDS: readonly string[] = MODULE_CATALOGUE.map((entry) => entry.id);

/** A module of the built-in catalogue; screens and services look modules up in the registry's catalogue instead. */
export function findModule(
  moduleId: string,
  catalogue: readonly ModuleCatalogueEntry[] = MODULE_CATALOGUE,
): ModuleCatalogueEntry | undefined {
  return catalogue.find((entry) => entry.id === moduleId);
}

export function findSubmodule(
  moduleId: string,
  submoduleId: string,
  catalogue: readonly ModuleCatalogueEntry[] = MODULE_CATALOGUE,
): SubmoduleEntry | undefined {
  return findModule(moduleId, catalogue)?.submodules.find((sub) => sub.id === submoduleId);
}

/** The route of a module and of each submodule, from its id (`/modules/<id>/<submodule>`). */
export function catalogueEntry(
  fields: Omit<ModuleCatalogueEntry, 'route' | 'submodules'> & {
    submodules: readonly { id: string; name: string }[];
  },
): ModuleCatalogueEntry {
  const route = `/modules/${fields.id}`;
  return {
    ...fields,
    route,
    submodules: fields.submodules.map((sub) => ({ id: sub.id, name: sub.name, route: `${route}/${sub.id}` })),
  };
}

/** The expose name a remote publishes for a module (`./crm`, `./healthcare`). */
export function exposeForModule(moduleId: string): string {
  return `./${moduleId}`;
}
