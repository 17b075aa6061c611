import { ApiProperty } from '@nestjs/swagger';
import {
  type AcceptedInvitation,
  type AdministrationOverview,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type IncludedModules,
  INSTITUTION_ROLES,
  type InstitutionModuleState,
  type InstitutionRole,
  type InvitationLookup,
  type InvitationStatus,
  type InvitationSummary,
  type InvitedSignUpAnswer,
  MODULE_CATEGORIES,
  type MemberSummary,
  type ModuleCategory,
  type PlanSummary,
  STORED_ACCESS_LEVELS,
  type StoredAccessLevel,
} from '@tessera/data-access/contracts';
import { AuthUserBody } from '../auth/auth.responses';
import { InstitutionSummaryBody } from '../institutions/institution.body';

const INVITATION_STATUSES: readonly InvitationStatus[] = ['pending', 'expired'];

export class PlanSummaryBody implements PlanSummary {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty()
  price_cents!: number;

  @ApiProperty({ enum: MODULE_CATEGORIES, isArray: true })
  categories!: ModuleCategory[];

  @ApiProperty()
  includes_premium!: boolean;

  @ApiProperty()
  sort_order!: number;

  @ApiProperty({ type: [String], description: 'Every module id the plan allows, in catalogue order' })
  modules!: string[];
}

export class InstitutionModuleStateBody implements InstitutionModuleState {
  @ApiProperty()
  module_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: MODULE_CATEGORIES })
  category!: ModuleCategory;

  @ApiProperty()
  is_premium!: boolean;

  @ApiProperty()
  allowed!: boolean;

  @ApiProperty()
  enabled!: boolean;
}

export class AdministrationOverviewBody implements AdministrationOverview {
  @ApiProperty({ type: InstitutionSummaryBody })
  institution!: InstitutionSummaryBody;

  @ApiProperty({ type: PlanSummaryBody, nullable: true })
  plan!: PlanSummaryBody | null;

  @ApiProperty({ type: [InstitutionModuleStateBody] })
  modules!: InstitutionModuleStateBody[];

  @ApiProperty({ enum: [...INSTITUTION_ROLES, 'super_admin'] })
  caller_role!: InstitutionRole | 'super_admin';

  @ApiProperty({ description: 'Members without two-factor sign-in are refused the institution’s modules' })
  require_two_factor!: boolean;
}

export class IncludedModulesBody implements IncludedModules {
  @ApiProperty({ type: [String] })
  modules_included!: string[];
}

export class MemberSummaryBody implements MemberSummary {
  @ApiProperty({ format: 'uuid' })
  user_id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: INSTITUTION_ROLES })
  role!: InstitutionRole;

  @ApiProperty({ format: 'date-time' })
  joined_at!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...STORED_ACCESS_LEVELS] },
    description: 'The effective level on every enabled module, by module id',
  })
  levels!: Record<string, StoredAccessLevel>;

  @ApiProperty({ type: [String] })
  explicit_modules!: string[];
}

export class InvitationSummaryBody implements InvitationSummary {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: INSTITUTION_ROLES })
  role!: InstitutionRole;

  @ApiProperty({ type: String, nullable: true })
  invited_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  expires_at!: string;

  @ApiProperty({ format: 'date-time' })
  sent_at!: string;

  @ApiProperty({ enum: INVITATION_STATUSES })
  status!: InvitationStatus;
}

export class AuditEntryBody implements AuditEntry {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  actor_email!: string | null;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action!: AuditAction;

  @ApiProperty()
  target!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  details!: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class InvitationLookupBody implements InvitationLookup {
  @ApiProperty({ format: 'uuid' })
  institution_id!: string;

  @ApiProperty()
  institution_name!: string;

  @ApiProperty({ enum: INSTITUTION_ROLES })
  role!: InstitutionRole;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, nullable: true })
  invited_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  expires_at!: string;

  @ApiProperty({ enum: ['sign_up', 'sign_in'] })
  next!: 'sign_up' | 'sign_in';
}

export class AcceptedInvitationBody implements AcceptedInvitation {
  @ApiProperty({ format: 'uuid' })
  institution_id!: string;

  @ApiProperty()
  institution_name!: string;

  @ApiProperty({ enum: INSTITUTION_ROLES })
  role!: InstitutionRole;
}

export class InvitedSignUpAnswerBody implements InvitedSignUpAnswer {
  @ApiProperty({ type: AuthUserBody })
  user!: AuthUserBody;

  @ApiProperty({ format: 'date-time' })
  access_expires_at!: string;

  @ApiProperty({ type: AcceptedInvitationBody })
  invitation!: AcceptedInvitationBody;
}
