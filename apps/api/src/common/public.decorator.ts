import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'tessera:isPublic';

/** Marks a route that needs no session (sign-in, refresh, the registry of static files). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
