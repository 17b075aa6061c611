import { Injectable } from '@nestjs/common';
import {
  type DueItem,
  type DueList,
  dueSourceOf,
  findField,
  localDay,
  findHomeTile,
  findRecordSchema,
  type HomeTileValue,
  levelSatisfies,
  RECORD_SCHEMAS,
} from '@tessera/data-access/contracts';
import type { TenantScope } from '../access/tenant-scope';
import { AccessService } from '../access/access.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { NotFoundError } from '../common/domain-errors';
import { RecordScope } from '../records/record-scope.service';

/** Due items the home lists at most (the most overdue first). */
const DUE_SHOWN = 20;

/**
 * The workspace home's figures (docs/product/home.md): one KPI tile at a time, and the caller's
 * due and overdue records across the modules they can read. "Today" is the caller's calendar day
 * in their time zone (UTC when they give none): dates compare with the day, date-times with the
 * instants it starts and ends at.
 */
@Injectable()
export class HomeService {
  constructor(
    private readonly records: RecordScope,
    private readonly access: AccessService,
  ) {}

  /** Modules of the institution in scope the caller may read. */
  async readableModules(user: AuthenticatedUser, scope: TenantScope): Promise<string[]> {
    if (!scope.institutionId) return [];
    const access = await this.access.institutionAccess(user, scope.institutionId);
    if (!access) return [];
    return Object.entries(access.accessControl)
      .filter(
        ([moduleId, level]) =>
          levelSatisfies(level, 'read') && access.institution.modulesIncluded.includes(moduleId),
      )
      .map(([moduleId]) => moduleId);
  }

  /** The route's guard has checked read access to `moduleId`; the tile must be one of its tiles. */
  async tile(
    scope: TenantScope,
    moduleId: string,
    tileId: string,
    timeZone?: string,
    now = new Date(),
  ): Promise<HomeTileValue> {
    const tile = findHomeTile(tileId);
    if (!tile || tile.moduleId !== moduleId) throw new NotFoundError('Tile');
    const schema = findRecordSchema(tile.moduleId, tile.submoduleId);
    if (!schema) throw new NotFoundError('Tile');
    const query = this.records.scopedQuery(scope, schema);
    const today = localDay(now, timeZone);
    const base = { id: tile.id, label: tile.label };
    const { measure } = tile;
    switch (measure.kind) {
      case 'countWhere':
        query.andWhere(`record.data->>:field IN (:...values)`, {
          field: measure.field,
          values: [...measure.values],
        });
        return { ...base, format: 'number', value: await query.getCount() };
      case 'sum': {
        if (measure.where) {
          query.andWhere(`record.data->>:whereField IN (:...whereValues)`, {
            whereField: measure.where.field,
            whereValues: [...measure.where.values],
          });
        }
        const row = await query
          .select(`COALESCE(SUM((record.data->>:sumField)::numeric), 0)`, 'total')
          .setParameter('sumField', measure.field)
          .getRawOne<{ total: string }>();
        const field = findField(schema, measure.field);
        return {
          ...base,
          format: field?.type === 'money' ? 'money' : 'number',
          value: Number(row?.total ?? 0),
        };
      }
      case 'countToday': {
        // ISO dates and instants compare as text: "on today" is [start of today, start of tomorrow).
        const startsAsInstant = findField(schema, measure.field)?.type === 'dateTime';
        query.andWhere(`record.data->>:startField < :todayEnds`, {
          startField: measure.field,
          todayEnds: startsAsInstant ? today.end : today.nextDay,
        });
        if (measure.endField) {
          // A stay covers tonight when it starts on or before today and ends after today.
          const endsAsInstant = findField(schema, measure.endField)?.type === 'dateTime';
          query.andWhere(
            endsAsInstant ? `record.data->>:endField >= :tonight` : `record.data->>:endField > :tonight`,
            { endField: measure.endField, tonight: endsAsInstant ? today.end : today.day },
          );
        } else {
          query.andWhere(`record.data->>:startField >= :todayStarts`, {
            todayStarts: startsAsInstant ? today.start : today.day,
          });
        }
        if (measure.excluding) {
          query.andWhere(`COALESCE(record.data->>:excludedField, '') NOT IN (:...excludedValues)`, {
            excludedField: measure.excluding.field,
            excludedValues: [...measure.excluding.values],
          });
        }
        return { ...base, format: 'number', value: await query.getCount() };
      }
    }
  }

  /**
   * Records the caller owns that are due today or overdue and not settled, across the readable
   * modules whose schemas have a due date.
   */
  async due(
    scope: TenantScope,
    readableModules: readonly string[],
    timeZone?: string,
    now = new Date(),
  ): Promise<DueList> {
    const today = localDay(now, timeZone);
    const items: DueItem[] = [];
    let truncated = false;
    for (const schema of RECORD_SCHEMAS) {
      if (!readableModules.includes(schema.moduleId)) continue;
      const source = dueSourceOf(schema);
      if (!source) continue;
      // Due by the end of today; overdue before it began.
      const instant = findField(schema, source.dueField)?.type === 'dateTime';
      const [todayStarts, todayEnds] = instant ? [today.start, today.end] : [today.day, today.nextDay];
      const query = this.records
        .scopedQuery(scope, schema)
        .andWhere('record.owner_id = :dueOwner', { dueOwner: scope.userId })
        .andWhere(`record.data->>'${source.dueField}' < :todayEnds`, { todayEnds });
      if (source.statusField && source.settledValues.length) {
        query.andWhere(`COALESCE(record.data->>'${source.statusField}', '') NOT IN (:...settled)`, {
          settled: source.settledValues,
        });
      }
      const rows = await query
        .select(['record.id', 'record.title', 'record.data'])
        .orderBy(`record.data->>'${source.dueField}'`, 'ASC')
        .take(DUE_SHOWN + 1)
        .getMany();
      if (rows.length > DUE_SHOWN) truncated = true;
      for (const row of rows.slice(0, DUE_SHOWN)) {
        const due = String(row.data[source.dueField]);
        items.push({
          moduleId: schema.moduleId,
          submoduleId: schema.submoduleId,
          entityName: schema.entityName,
          id: row.id,
          title: row.title,
          due,
          overdue: due < todayStarts,
        });
      }
    }
    items.sort((a, b) => a.due.localeCompare(b.due) || a.title.localeCompare(b.title));
    if (items.length > DUE_SHOWN) truncated = true;
    return { items: items.slice(0, DUE_SHOWN), truncated };
  }
}
