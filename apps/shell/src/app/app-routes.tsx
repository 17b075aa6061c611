import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { INVITATION_ACCEPT_PATH, PASSWORD_RESET_PATH } from '@tessera/data-access/contracts';
import { Spinner } from '@tessera/ui';
import { AdministrationPage } from '../administration/administration-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { AcceptInvitationPage } from '../invitations/accept-invitation-page';
import { JoinByInvitationPage } from '../invitations/join-by-invitation-page';
import { DashboardLayout } from '../layout/dashboard-layout';
import { NotFoundPage } from '../not-found/not-found-page';
import { OutboxMessagePage, PlatformOutboxMessagePage } from '../outbox/outbox-message-page';
import { OutboxPage } from '../outbox/outbox-page';
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

// The condition is a build-time constant: production drops the import and its chunk.
const PaymentTestPage: ComponentType | null =
  process.env.NODE_ENV === 'development' ? lazy(() => import('../payment-test/payment-test-page')) : null;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<JoinByInvitationPage />} />
      <Route path={INVITATION_ACCEPT_PATH} element={<AcceptInvitationPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path={PASSWORD_RESET_PATH} element={<ResetPasswordPage />} />
      <Route
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="administration" element={<AdministrationPage />} />
        <Route path="administration/outbox" element={<OutboxPage />} />
        <Route path="administration/outbox/:messageId" element={<OutboxMessagePage />} />
        <Route path="platform" element={<PlatformConsolePage />} />
        <Route path="platform/outbox/:messageId" element={<PlatformOutboxMessagePage />} />
        <Route path="subscription/upgrade" element={<UpgradePage />} />
        <Route path="subscription/billing" element={<BillingPage />} />
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
        <Route path="modules/:moduleId/*" element={<RemoteModuleRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
