import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString } from 'class-validator';
import { MODULE_IDS } from '@tessera/data-access/contracts';

export class UpdatePinnedDto {
  @ApiProperty({ type: [String], description: 'Module ids, first shown first' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @IsIn(MODULE_IDS, { each: true, message: 'each sidebar_pinned entry must be a module id' })
  sidebar_pinned: string[];
}

export class RecordRecentModuleDto {
  @ApiProperty()
  @IsString()
  @IsIn(MODULE_IDS, { message: 'module_id must be a module id' })
  module_id: string;
}
