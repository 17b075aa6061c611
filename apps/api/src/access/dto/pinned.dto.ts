import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';

export class UpdatePinnedDto {
  @ApiProperty({ type: [String], description: 'Module ids, first shown first' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  sidebar_pinned: string[];
}

export class RecordRecentModuleDto {
  @ApiProperty()
  @IsString()
  @MaxLength(40)
  module_id: string;
}
