import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ForbiddenError, NotAuthenticatedError } from '../common/domain-errors';

export const SUPER_ADMIN_ONLY = 'Only super admins can use the platform console';

/** The platform console is for super admins only (403 for everyone else). Runs after the session guard. */
@Injectable()
export class SuperAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user) throw new NotAuthenticatedError();
    if (!user.isSuperAdmin) throw new ForbiddenError(SUPER_ADMIN_ONLY);
    return true;
  }
}
