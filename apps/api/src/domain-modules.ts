import type { Type } from '@nestjs/common';

/** Product domains (CRM, records, administration …): one Nest module each, added here. */
export const DOMAIN_MODULES: Type[] = [];
