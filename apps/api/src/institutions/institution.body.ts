import { ApiProperty } from '@nestjs/swagger';
import type { Institution, InstitutionSummary } from '@tessera/data-access/contracts';

/** An institution's own fields: the part of every answer that names an institution. */
export class InstitutionSummaryBody implements InstitutionSummary {
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
}

export class InstitutionBody extends InstitutionSummaryBody implements Institution {
  @ApiProperty({ description: "The caller's role in it" })
  userRole!: string;
}
