import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { NotAuthenticatedError } from './domain-errors';

/** An API key a request was made with: it acts as the person who made it, within its scopes. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  /** Its first characters (`tsk_Ab3dEf9h`), for the audit log. */
  prefix: string;
  institutionId: string;
  scopes: readonly string[];
}

/** What the session guard puts on the request: who is calling. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  isSuperAdmin: boolean;
  /** Set when the request carries an API key instead of a session: `id` is then the key's creator. */
  apiKey?: ApiKeyCaller;
  /** The session (refresh-token family) the request was made with. */
  sessionId?: string;
  /** The institution whose single sign-on opened the session (an "SSO only" institution admits no other). */
  ssoInstitutionId?: string;
}

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => {
    const request = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>();
    if (!request.user) throw new NotAuthenticatedError();
    return request.user;
  },
);
