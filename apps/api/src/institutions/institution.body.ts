import { ApiProperty } from '@nestjs/swagger';
import type { Institution } from '@tessera/data-access/contracts';

export class InstitutionBody implements Institution {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  slug!: string;

  @ApiProperty({ type: String, nullable: true })
  plan_id!: string | null;

  @ApiProperty()
  status!: string;

  @ApiProperty({ description: "The caller's role in it" })
  userRole!: string;
}
