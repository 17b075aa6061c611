/**
 * What every credential an administrator makes (an institution's API key, a remote's deploy token)
 * says of its life: who made it and when, when it last let a request in, and when it was revoked.
 * A revoked credential stays listed, so the list answers "which key was that?" afterwards.
 */
export interface CredentialLifecycle {
  /** The maker's e-mail; null once that user is gone. */
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
