import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@tessera/ui';
import { AdministrationPage } from '../administration/administration-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { AcceptInvitationPage } from '../invitations/accept-invitation-page';
import { JoinByInvitationPage } from '../invitations/join-by-invitation-page';
import { DashboardLayout } from '../layout/dashboard-layout';
import { NotFoundPage } from '../not-found/not-found-page';
import { OutboxMessagePage, PlatformOutboxMessagePage } from '../outbox/outbox-message-page';
import { OutboxPage } from '../outbox/outbox-page';
import { ApiKeysPage } from '../integrations/api-keys-page';
import { WebhooksPage } from '../integrations/webhooks-page';
import { ForgotPasswordPage } from '../password-reset/forgot-password-page';
import { ResetPasswordPage } from '../password-reset/reset-password-page';
import { PlatformConsolePage } from '../platform-console/platform-console-page';
import { ProfilePage } from '../profile/profile-page';
import { RemoteModuleRoute } from '../remote-loader/remote-module-route';
import { SettingsPage } from '../settings/settings-page';
import { SignInPage } from '../sign-in/sign-in-page';
import { BillingPage } from '../subscription/billing-page';
import { UpgradePage } from '../subscription/upgrade-page';
import { RequireAuth } from './require-auth';
import { SHELL_ROUTES } from './shell-routes';

// The condition is a build-time constant: production drops the import and its chunk.
const PaymentTestPage: ComponentType | null =
  process.env.NODE_ENV === 'development' ? lazy(() => import('../payment-test/payment-test-page')) : null;

export function AppRoutes() {
  return (
    <Routes>
      <Route path={SHELL_ROUTES.signIn} element={<SignInPage />} />
      <Route path={SHELL_ROUTES.signUp} element={<JoinByInvitationPage />} />
      <Route path={SHELL_ROUTES.acceptInvitation} element={<AcceptInvitationPage />} />
      <Route path={SHELL_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={SHELL_ROUTES.resetPassword} element={<ResetPasswordPage />} />
      <Route
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path={SHELL_ROUTES.dashboard} element={<DashboardPage />} />
        <Route path={SHELL_ROUTES.profile} element={<ProfilePage />} />
        <Route path={SHELL_ROUTES.settings} element={<SettingsPage />} />
        <Route path={SHELL_ROUTES.administration} element={<AdministrationPage />} />
        <Route path={SHELL_ROUTES.outbox} element={<OutboxPage />} />
        <Route path={SHELL_ROUTES.apiKeys} element={<ApiKeysPage />} />
        <Route path={SHELL_ROUTES.webhooks} element={<WebhooksPage />} />
        <Route path={SHELL_ROUTES.outboxMessage} element={<OutboxMessagePage />} />
        <Route path={SHELL_ROUTES.platform} element={<PlatformConsolePage />} />
        <Route path={SHELL_ROUTES.platformOutboxMessage} element={<PlatformOutboxMessagePage />} />
        <Route path={SHELL_ROUTES.upgrade} element={<UpgradePage />} />
        <Route path={SHELL_ROUTES.billing} element={<BillingPage />} />
        {PaymentTestPage ? (
          <Route
            path="payment-test"
            element={
              <Suspense fallback={<Spinner block />}>
                <PaymentTestPage />
              </Suspense>
            }
          />
        ) : null}
        <Route path={SHELL_ROUTES.module} element={<RemoteModuleRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
