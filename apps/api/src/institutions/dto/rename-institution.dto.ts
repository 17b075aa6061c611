import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

export class RenameInstitutionDto {
  @ApiProperty()
  @IsString()
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(120)
  name: string;
}
