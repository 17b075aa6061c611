import { ApiProperty } from '@nestjs/swagger';
import type { InstitutionStatus } from '@tessera/data-access/contracts';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export class UpdatePlatformInstitutionDto {
  @ApiProperty({ enum: ['active', 'suspended'], required: false })
  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'status must be one of: active, suspended' })
  status?: InstitutionStatus;

  @ApiProperty({ required: false, example: 'enterprise' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9-]+$/, { message: 'plan_id must be a plan id' })
  plan_id?: string;
}

export class PinRemoteVersionDto {
  @ApiProperty({ example: '1.0.0' })
  @IsString()
  @Matches(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, { message: 'version must be a published version name' })
  version: string;
}
