import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** numeric columns arrive as strings (TypeORM 1.x); amounts leave the API as numbers. */
export const numericColumn = {
  to: (value: number | null | undefined): number | null | undefined => value,
  from: (value: string | null): number | null => (value === null ? null : Number(value)),
};

/**
 * A page and the exact total of a filtered query. The total is a plain count(*) of the same
 * WHERE (TypeORM's getManyAndCount counts DISTINCT ids, three times slower at 100k rows).
 */
export async function pageOf<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  limit: number,
  offset: number,
): Promise<{ rows: T[]; total: number; limit: number; offset: number }> {
  const counted = await query.clone().orderBy().select('count(*)', 'total').getRawOne<{ total: string }>();
  const rows = await query.take(limit).skip(offset).getMany();
  return { rows, total: Number(counted?.total ?? 0), limit, offset };
}
