import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { NotAuthenticatedError } from './domain-errors';

/** What the session guard puts on the request: who is calling. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  isSuperAdmin: boolean;
  /** The session (refresh-token family) the request was made with. */
  sessionId?: string;
}

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => {
    const request = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>();
    if (!request.user) throw new NotAuthenticatedError();
    return request.user;
  },
);
