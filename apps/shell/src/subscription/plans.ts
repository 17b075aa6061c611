export interface Plan {
  id: string;
  name: string;
  price: string;
  summary: string;
  features: string[];
}

/** The plans the upgrade and billing pages describe; checkout itself is a separate issue. */
export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: '$0 / month',
    summary: 'For a small team trying Tessera.',
    features: ['CRM and Sales', 'Up to 3 members', 'Community support'],
  },
  {
    id: 'professional',
    name: 'Professional',
    price: '$49 / member / month',
    summary: 'For growing organisations.',
    features: ['Every Core Business and Business Growth module', 'Unlimited members', 'E-mail support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    summary: 'For regulated industries and large teams.',
    features: [
      'Every Industry Solution, including Hotel Management',
      'Single sign-on',
      'A named success manager',
    ],
  },
];

export function planName(planId: string | null | undefined): string {
  return PLANS.find((plan) => plan.id === planId)?.name ?? (planId ? planId : 'No plan');
}
