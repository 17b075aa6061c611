import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/** An optional field (or filter) that takes one of `values`, documented with them. */
export function OptionalIn(values: readonly unknown[]): PropertyDecorator {
  // Applied in the order the same decorators take when stacked on a property (bottom first).
  return applyDecorators(
    IsIn(values as unknown[]),
    IsOptional(),
    ApiPropertyOptional({ enum: values as unknown[] }),
  );
}
