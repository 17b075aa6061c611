import { ApiProperty } from '@nestjs/swagger';
import type { DealFile } from '@tessera/data-access/contracts';

export class DealFileBody implements DealFile {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) deal_id!: string;
  @ApiProperty() file_name!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size_bytes!: number;
  @ApiProperty() uploaded_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
