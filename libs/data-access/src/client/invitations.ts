import type {
  AcceptedInvitation,
  InvitationLookup,
  InvitedSignUpAnswer,
  InvitedSignUpInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** What an e-mailed invitation link offers; the token travels in the body, never in a URL. */
export function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationLookup> {
  return apiFetch<InvitationLookup>('/api/invitations/lookup', { method: 'POST', body: { token }, signal });
}

/** Creates the account of the invited address with its membership, and signs it in (cookies). */
export function signUpInvited(input: InvitedSignUpInput): Promise<InvitedSignUpAnswer> {
  return apiFetch<InvitedSignUpAnswer>('/api/invitations/sign-up', { method: 'POST', body: input });
}

/** The signed-in owner of the invited address accepts the invitation. */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return apiFetch<AcceptedInvitation>('/api/invitations/accept', { method: 'POST', body: { token } });
}
