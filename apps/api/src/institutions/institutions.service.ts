import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Institution, keepCompleteInstitutions } from '@tessera/data-access/contracts';
import type { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { NotFoundError } from '../common/domain-errors';
import { InstitutionEntity } from './institution.entity';
import { MembershipEntity } from './membership.entity';

function toInstitution(entity: InstitutionEntity, userRole: string): Institution {
  return {
    id: entity.id,
    name: entity.name,
    slug: entity.slug,
    plan_id: entity.planId,
    status: entity.status,
    userRole,
  };
}

@Injectable()
export class InstitutionsService {
  constructor(
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(MembershipEntity) private readonly memberships: Repository<MembershipEntity>,
  ) {}

  /**
   * docs/product/institutions.md#institutions-and-memberships: the caller's memberships inner-joined with their institutions, in join order;
   * rows without id, name or slug are dropped. Super admins see every institution.
   */
  async listForUser(user: AuthenticatedUser): Promise<Institution[]> {
    const memberships = await this.memberships.find({
      where: { userId: user.id },
      relations: { institution: true },
      order: { joinedAt: 'ASC' },
    });
    const mine = memberships.flatMap((membership) =>
      membership.institution ? [toInstitution(membership.institution, membership.role)] : [],
    );
    if (!user.isSuperAdmin) return keepCompleteInstitutions(mine);
    const memberOf = new Set(mine.map((institution) => institution.id));
    const others = (await this.institutions.find({ order: { name: 'ASC' } }))
      .filter((institution) => !memberOf.has(institution.id))
      .map((institution) => toInstitution(institution, 'super_admin'));
    return keepCompleteInstitutions([...mine, ...others]);
  }

  async rename(institutionId: string, name: string, userRole: string): Promise<Institution> {
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    institution.name = name.trim();
    return toInstitution(await this.institutions.save(institution), userRole);
  }
}
