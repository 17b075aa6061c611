import { ApiProperty } from '@nestjs/swagger';
import { MODULE_CATEGORIES, type ModuleCategory } from '@tessera/data-access/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export class RegisterSubmoduleDto {
  @ApiProperty({ example: 'invoices' })
  @IsString()
  @Length(2, 40)
  id: string;

  @ApiProperty({ example: 'Invoices' })
  @IsString()
  @Length(1, 120)
  name: string;
}

export class RegisterModuleDto {
  @ApiProperty({
    example: 'billing',
    description: 'Lower-case; also the route /modules/<id> and the expose ./<id>',
  })
  @IsString()
  @Length(2, 40)
  id: string;

  @ApiProperty({ example: 'Billing' })
  @IsString()
  @Length(1, 120)
  name: string;

  @ApiProperty({ enum: MODULE_CATEGORIES })
  @IsIn(MODULE_CATEGORIES, { message: `category must be one of: ${MODULE_CATEGORIES.join(', ')}` })
  category: ModuleCategory;

  @ApiProperty({ required: false })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @ApiProperty({ required: false })
  @IsOptional()
  @IsBoolean()
  premium?: boolean;

  @ApiProperty({ type: [RegisterSubmoduleDto] })
  @IsArray()
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => RegisterSubmoduleDto)
  submodules: RegisterSubmoduleDto[];
}

export class RegisterRemoteDto {
  @ApiProperty({
    example: 'billing',
    description: 'Lower-case letters, digits and dashes; unique; not a built-in route',
  })
  @IsString()
  @Length(2, 40)
  key: string;

  @ApiProperty({ example: 'Billing' })
  @IsString()
  @Length(1, 120)
  name: string;

  @ApiProperty({ type: [RegisterModuleDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'modules must name at least one module' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RegisterModuleDto)
  modules: RegisterModuleDto[];
}

export class CreateDeployTokenDto {
  @ApiProperty({ example: 'billing CI' })
  @IsString()
  @Length(1, 120)
  name: string;
}
