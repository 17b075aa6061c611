import { ApiProperty } from '@nestjs/swagger';
import {
  INSTITUTION_LOGO_TYPES,
  type InstitutionLogo,
  type InstitutionLogoType,
} from '@tessera/data-access/contracts';

export class InstitutionLogoBody implements InstitutionLogo {
  @ApiProperty({
    enum: INSTITUTION_LOGO_TYPES,
    description: 'Read from the bytes, not from what the upload declared',
  })
  content_type!: InstitutionLogoType;

  @ApiProperty()
  size_bytes!: number;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}
