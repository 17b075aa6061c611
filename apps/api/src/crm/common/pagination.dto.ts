import type { Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export class PaginationQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

/** The OpenAPI shape of a page of `item` rows ({ rows, total, limit, offset }). */
export function PageOf(item: ClassType<unknown>, name: string): ClassType<unknown> {
  class PageDto {
    @ApiProperty({ type: [item] }) rows: unknown[];
    @ApiProperty({ description: 'Rows matching the filters, all pages' }) total: number;
    @ApiProperty() limit: number;
    @ApiProperty() offset: number;
  }
  Object.defineProperty(PageDto, 'name', { value: name });
  return PageDto;
}
