import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  findRecordSchema,
  type RecordItem,
  type RecordSchema,
  withDerivedValues,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { inScope, type RowOwner } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../common/domain-errors';
import { RecordEntity } from './record.entity';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubmoduleRef {
  moduleId: string;
  submoduleId: string;
}

/** A record as lists need it: the columns of the answer, read without building entities. */
export type RecordRow = Pick<RecordEntity, 'id' | 'data' | 'title' | 'version' | 'createdAt' | 'updatedAt'>;

/**
 * A record as answered: derived values recomputed as of today (an age never goes stale between
 * writes). Values read from a referenced record are the ones stored (keptReferenceReads).
 */
export function recordItem(schema: RecordSchema, entity: RecordRow): RecordItem {
  return {
    id: entity.id,
    data: withDerivedValues(schema, entity.data),
    title: entity.title,
    version: entity.version,
    created_at: entity.createdAt.toISOString(),
    updated_at: entity.updatedAt.toISOString(),
  };
}

/** A 400 naming what is wrong with each field. */
export function invalidRecord(errors: Record<string, string>): InvalidInputError {
  const byField = Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]]));
  return new InvalidInputError(Object.values(errors).join('; '), byField);
}

/**
 * Where every records query starts: the submodule's schema from the catalogue and its rows within
 * the tenant scope. The records services (lists, writes, bulk, references, CSV) read through it.
 */
@Injectable()
export class RecordScope {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  schemaFor({ moduleId, submoduleId }: SubmoduleRef): RecordSchema {
    const schema = findRecordSchema(moduleId, submoduleId);
    if (!schema) throw new NotFoundError(`Records of ${moduleId}/${submoduleId}`);
    return schema;
  }

  /** Rows of one submodule within the scope: the institution's, or the caller's own. */
  scopedQuery(
    scope: RowOwner,
    ref: SubmoduleRef,
    manager: EntityManager = this.dataSource.manager,
  ): SelectQueryBuilder<RecordEntity> {
    const query = manager
      .getRepository(RecordEntity)
      .createQueryBuilder('record')
      .where('record.module_id = :moduleId AND record.submodule_id = :submoduleId', {
        moduleId: ref.moduleId,
        submoduleId: ref.submoduleId,
      });
    return inScope(query, scope);
  }

  /** One record of the submodule in scope; a 404 for anything else (another scope's, not an id). */
  async find(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RecordEntity> {
    const schema = this.schemaFor(ref);
    if (!UUID.test(id)) throw new NotFoundError(schema.entityName);
    const entity = await this.scopedQuery(scope, ref).andWhere('record.id = :id', { id }).getOne();
    if (!entity) throw new NotFoundError(schema.entityName);
    return entity;
  }
}
