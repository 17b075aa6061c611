import { INVITATION_ACCEPT_PATH, PASSWORD_RESET_PATH } from '@tessera/data-access/contracts';

/**
 * Every page of the shell by path: app-routes.tsx routes exactly these, and the e2e reachability
 * journey (tools/e2e/tests/navigation-reachability.spec.ts) checks that a link leads to each.
 */
export const SHELL_ROUTES = {
  signIn: '/signin',
  signUp: '/signup',
  acceptInvitation: INVITATION_ACCEPT_PATH,
  forgotPassword: '/forgot-password',
  resetPassword: PASSWORD_RESET_PATH,
  dashboard: '/dashboard',
  profile: '/profile',
  settings: '/settings',
  administration: '/administration',
  outbox: '/administration/outbox',
  outboxMessage: '/administration/outbox/:messageId',
  apiKeys: '/administration/api-keys',
  webhooks: '/administration/webhooks',
  platform: '/platform',
  platformOutboxMessage: '/platform/outbox/:messageId',
  upgrade: '/subscription/upgrade',
  billing: '/subscription/billing',
  module: '/modules/:moduleId/*',
} as const;
