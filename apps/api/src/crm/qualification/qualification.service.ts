import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  bantScore,
  type LeadQualification,
  QUALIFICATION_STEPS,
  type QualificationStep,
  type QualificationStepStatus,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError } from '../../common/domain-errors';
import { requireInScope } from '../../access/scoped-query';
import type { SaveQualificationDto } from './dto/qualification.dto';
import { LeadQualificationEntity } from './lead-qualification.entity';

const STEP_DESCRIPTIONS: Record<string, string> = {
  initial_contact: 'Reach the lead and confirm interest',
  discovery_call: 'Understand needs, pain points and current tools',
  bant_qualification: 'Confirm budget, authority, need and timing',
  demo_proposal: 'Show the product and send a proposal',
  decision_review: 'Review the decision with the buyer',
};

/** docs/product/lead-qualification.md#qualification-workflow: pending → in_progress (Start) or skipped (Skip); in_progress → completed (Complete). */
const ALLOWED: Record<QualificationStepStatus, readonly QualificationStepStatus[]> = {
  pending: ['in_progress', 'skipped'],
  in_progress: ['completed'],
  completed: [],
  skipped: [],
};

export function defaultSteps(): QualificationStep[] {
  return QUALIFICATION_STEPS.map((step) => ({
    id: step.id,
    name: step.name,
    description: STEP_DESCRIPTIONS[step.id] ?? '',
    status: 'pending',
    completedAt: null,
    notes: '',
  }));
}

const NO_BANT = { budget: false, authority: false, need: false, timing: false };

@Injectable()
export class QualificationService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The lead's workflow steps and BANT; a lead never qualified yet starts with every step pending. */
  async get(scope: TenantScope, leadId: string): Promise<LeadQualification> {
    await requireInScope(this.dataSource.manager, scope, 'crm_leads', leadId, 'Lead');
    const stored = await this.dataSource
      .getRepository(LeadQualificationEntity)
      .findOneBy({ lead_id: leadId });
    return stored
      ? this.toResponse(stored)
      : { lead_id: leadId, steps: defaultSteps(), bant: NO_BANT, bant_score: 0, updated_at: null };
  }

  async save(scope: TenantScope, leadId: string, input: SaveQualificationDto): Promise<LeadQualification> {
    return this.dataSource.transaction(async (manager) => {
      await requireInScope(manager, scope, 'crm_leads', leadId, 'Lead', true);
      const [lead]: Array<{ org_id: string | null; owner_id: string }> = await manager.query(
        'SELECT org_id, owner_id FROM crm_leads WHERE id = $1',
        [leadId],
      );
      const repository = manager.getRepository(LeadQualificationEntity);
      const stored = await repository.findOneBy({ lead_id: leadId });
      const steps = stored?.steps?.length ? stored.steps.map((step) => ({ ...step })) : defaultSteps();
      const errors: string[] = [];
      for (const change of input.steps ?? []) {
        const step = steps.find((candidate) => candidate.id === change.id);
        if (!step) continue;
        if (change.status !== step.status) {
          if (!ALLOWED[step.status].includes(change.status)) {
            errors.push(`${step.name} cannot go from ${step.status} to ${change.status}`);
            continue;
          }
          step.status = change.status;
          if (change.status === 'completed') step.completedAt = new Date().toISOString();
        }
        if (change.notes !== undefined) step.notes = change.notes;
      }
      if (errors.length) throw new InvalidInputError('Invalid step change', { steps: errors });
      const bant = input.bant ?? stored?.bant ?? NO_BANT;
      const saved = await repository.save(
        repository.create({
          lead_id: leadId,
          org_id: lead?.org_id ?? null,
          owner_id: stored?.owner_id ?? lead?.owner_id ?? scope.userId,
          steps,
          bant: { ...NO_BANT, ...bant },
          bant_score: bantScore(bant),
        }),
      );
      return this.toResponse(saved);
    });
  }

  private toResponse(entity: LeadQualificationEntity): LeadQualification {
    return {
      lead_id: entity.lead_id,
      steps: entity.steps,
      bant: { ...NO_BANT, ...entity.bant },
      bant_score: entity.bant_score,
      updated_at: entity.updated_at ? new Date(entity.updated_at).toISOString() : null,
    };
  }
}
