import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  effectiveRemoteVersion,
  type InstitutionStatus,
  modulesAllowedByPlan,
  type PlatformInstitution,
  type RemoteKey,
  type RemoteVersionsOverview,
} from '@tessera/data-access/contracts';
import { DataSource, type Repository } from 'typeorm';
import { type AuditActor, AuditLogService } from '../administration/audit-log.service';
import { NotFoundError } from '../common/domain-errors';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { RemotePinEntity } from '../registry/remote-pin.entity';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { RemoteReleasesService } from '../registry/remote-releases';

/** The super admin console: every institution, its plan and status, and remote versions per institution. */
@Injectable()
export class PlatformService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(RemotePinEntity) private readonly pins: Repository<RemotePinEntity>,
    private readonly releases: RemoteReleasesService,
    private readonly audit: AuditLogService,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  async listInstitutions(): Promise<PlatformInstitution[]> {
    // As the driver returns them: the count as text (bigint), the time as a Date.
    const rows: Array<
      Omit<PlatformInstitution, 'member_count' | 'created_at'> & { member_count: string; created_at: Date }
    > = await this.dataSource.query(`
      SELECT i.id, i.name, i.slug, i.plan_id, p.name AS plan_name, i.status, i.modules_included,
             (SELECT count(*) FROM institution_members m WHERE m.institution_id = i.id) AS member_count,
             i.created_at
        FROM institutions i LEFT JOIN plans p ON p.id = i.plan_id
       ORDER BY i.name`);
    return rows.map((row) => ({
      ...row,
      member_count: Number(row.member_count),
      created_at: new Date(row.created_at).toISOString(),
    }));
  }

  async updateInstitution(
    actor: AuditActor,
    institutionId: string,
    changes: { status?: InstitutionStatus; plan_id?: string },
  ): Promise<PlatformInstitution> {
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(InstitutionEntity);
      const institution = await repository
        .createQueryBuilder('institution')
        .setLock('pessimistic_write')
        .where('institution.id = :institutionId', { institutionId })
        .getOne();
      if (!institution) throw new NotFoundError('Institution');
      if (changes.status && changes.status !== institution.status) {
        await repository.update({ id: institutionId }, { status: changes.status });
        await this.audit.record(
          {
            institutionId,
            actor,
            action: 'institution.status_changed',
            target: institution.name,
            details: { from: institution.status, to: changes.status },
          },
          manager,
        );
      }
      if (changes.plan_id && changes.plan_id !== institution.planId) {
        const plan = await manager.getRepository(PlanEntity).findOneBy({ id: changes.plan_id });
        if (!plan) throw new NotFoundError('Plan');
        const allowed = modulesAllowedByPlan(
          { categories: plan.categories, includes_premium: plan.includesPremium },
          this.catalogue.entries(),
        );
        const disabled = institution.modulesIncluded.filter((moduleId) => !allowed.includes(moduleId));
        await repository.update(
          { id: institutionId },
          {
            planId: plan.id,
            modulesIncluded: institution.modulesIncluded.filter((id) => allowed.includes(id)),
          },
        );
        // A console change is not a purchase: no charge, no invoice.
        await this.audit.record(
          {
            institutionId,
            actor,
            action: 'plan.changed',
            target: `${institution.planId ?? 'none'} → ${plan.id}`,
            details: { by: 'platform console', disabled_modules: disabled },
          },
          manager,
        );
      }
    });
    const updated = (await this.listInstitutions()).find((row) => row.id === institutionId);
    if (!updated) throw new NotFoundError('Institution');
    return updated;
  }

  async remoteVersions(): Promise<RemoteVersionsOverview[]> {
    const institutions = await this.institutions.find({ order: { name: 'ASC' } });
    const pins = await this.pins.find();
    return Promise.all(
      this.catalogue.remotes().map(async ({ key, container }) => {
        const versions = await this.releases.releases(key);
        const published = versions.map((release) => release.version);
        const latest = published.at(-1) ?? null;
        return {
          remote: key,
          name: container,
          latest,
          versions: [...versions].reverse(),
          usage: institutions.map((institution) => {
            const pinned =
              pins.find((pin) => pin.institutionId === institution.id && pin.remoteKey === key)?.version ??
              null;
            return {
              institution_id: institution.id,
              institution_name: institution.name,
              pinned,
              effective: effectiveRemoteVersion(pinned, published, latest),
            };
          }),
        };
      }),
    );
  }

  async pin(actor: AuditActor, institutionId: string, key: RemoteKey, version: string): Promise<void> {
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    if (!this.catalogue.remote(key)) throw new NotFoundError('Remote');
    await this.dataSource.transaction(async (manager) => {
      // Holds the release while the pin is written: a removal of it waits, then sees the pin.
      const published = await manager.query<unknown[]>(
        'SELECT 1 FROM remote_releases WHERE remote_key = $1 AND version = $2 FOR SHARE',
        [key, version],
      );
      if (published.length === 0) throw new NotFoundError(`Version ${version} of the ${key} remote`);
      await manager
        .getRepository(RemotePinEntity)
        .upsert({ institutionId, remoteKey: key, version, pinnedBy: actor.id, pinnedAt: new Date() }, [
          'institutionId',
          'remoteKey',
        ]);
      await this.audit.record(
        {
          institutionId,
          actor,
          action: 'remote.pinned',
          target: `${key}@${version}`,
          details: { remote: key, version },
        },
        manager,
      );
    });
  }

  async unpin(actor: AuditActor, institutionId: string, key: RemoteKey): Promise<void> {
    if (!this.catalogue.remote(key)) throw new NotFoundError('Remote');
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(RemotePinEntity);
      const existing = await repository.findOneBy({ institutionId, remoteKey: key });
      if (!existing) throw new NotFoundError(`A pin of the ${key} remote for this institution`);
      await repository.delete({ institutionId, remoteKey: key });
      await this.audit.record(
        {
          institutionId,
          actor,
          action: 'remote.unpinned',
          target: `${key}@${existing.version}`,
          details: { remote: key, version: existing.version },
        },
        manager,
      );
    });
  }
}
