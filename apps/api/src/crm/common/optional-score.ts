import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * An optional bound on a lead score, a whole number from 0 to 100 (a segment's criteria, a lead
 * list's filter). In a query string it arrives as text, so `from: 'query'` reads it as a number first.
 */
export function OptionalScore(from: 'body' | 'query' = 'body'): PropertyDecorator {
  // Applied in the order the same decorators take when stacked on a property (bottom first), so
  // a field's messages keep their order.
  return applyDecorators(
    Max(100),
    Min(0),
    IsInt(),
    ...(from === 'query' ? [Type(() => Number)] : []),
    IsOptional(),
    ApiPropertyOptional({ minimum: 0, maximum: 100 }),
  );
}
