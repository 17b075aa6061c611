export { type AuthEvent, emitAuthEvent, onAuthEvent } from './auth-events';
export { type AuthContextValue, AuthProvider, useAuth } from './auth-provider';
export {
  INSTITUTION_RELOAD_DELAY_MS,
  type InstitutionContextValue,
  InstitutionProvider,
  shouldToastInstitutionError,
  useInstitution,
} from './institution-provider';
export { InstitutionSwitcher } from './institution-switcher';
export { type AccessContextValue, AccessProvider, useAccess } from './access-provider';
export { decideGate, type GateContext, type GateDecision, type GateRequirements } from './gate-decision';
export { PermissionGate, type PermissionGateProps } from './permission-gate';
export { refreshDelay } from './refresh-schedule';
export { SignInForm, type SignInFormProps } from './sign-in-form';
export { StandaloneRemoteApp, type StandaloneRemoteAppProps } from './standalone-remote-app';
export { createTesseraQueryClient, TesseraProviders } from './tessera-providers';
export { useFeatureFlag } from './use-feature-flag';
