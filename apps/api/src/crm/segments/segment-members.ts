import type { SegmentCriteria } from '@tessera/data-access/contracts';
import { type RowOwner, scopeSql } from '../../access/scoped-query';

/**
 * The leads of a segment in SQL: the scope's leads matching its criteria as the live count of
 * segments.service.ts counts them (score range inclusive, stage, source; an unset criterion
 * matches all). For acting on a segment's members (enrolling them in a sequence).
 */
export function segmentLeadsSql(
  criteria: SegmentCriteria,
  scope: RowOwner,
  alias: string,
): { sql: string; params: unknown[] } {
  const where = scopeSql(scope, alias, 1);
  const params: unknown[] = [...where.params];
  const filters = [where.sql];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (typeof criteria.min_score === 'number')
    filters.push(`${alias}.lead_score >= ${param(criteria.min_score)}`);
  if (typeof criteria.max_score === 'number')
    filters.push(`${alias}.lead_score <= ${param(criteria.max_score)}`);
  if (criteria.stage) filters.push(`${alias}.stage = ${param(criteria.stage)}`);
  if (criteria.lead_source) filters.push(`${alias}.lead_source = ${param(criteria.lead_source)}`);
  return { sql: filters.join(' AND '), params };
}
