export interface Plan {
  id: string;
  name: string;
  price: string;
  summary: string;
  features: string[];
}

/**
 * The plans the upgrade and billing pages describe (the same ids, prices and contents the API
 * seeds); checkout itself is a separate issue.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: '$29 / month',
    summary: 'Core Business modules: CRM, Project Management and Finance.',
    features: ['CRM', 'Project Management', 'Finance'],
  },
  {
    id: 'growth',
    name: 'Growth',
    price: '$79 / month',
    summary: 'Everything in Starter plus Marketing, Sales and TrainerPro.',
    features: ['Everything in Starter', 'Marketing', 'Sales', 'TrainerPro'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: '$199 / month',
    summary: 'Everything in Growth plus every Industry Solution, including premium Hotel Management.',
    features: ['Everything in Growth', 'Every Industry Solution', 'Hotel Management (premium)'],
  },
];

export function planName(planId: string | null | undefined): string {
  return PLANS.find((plan) => plan.id === planId)?.name ?? (planId ? planId : 'No plan');
}
