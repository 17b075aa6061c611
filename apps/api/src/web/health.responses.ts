import { ApiProperty } from '@nestjs/swagger';
import type { Readiness } from '../operations/readiness.service';

export class HealthBody {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}

class ReadinessChecksBody {
  @ApiProperty()
  database!: boolean;

  @ApiProperty()
  migrations!: boolean;

  @ApiProperty()
  jobs!: boolean;

  @ApiProperty()
  accepting!: boolean;
}

export class ReadinessBody implements Readiness {
  @ApiProperty()
  status!: string;

  @ApiProperty()
  ready!: boolean;

  @ApiProperty({ type: ReadinessChecksBody })
  checks!: ReadinessChecksBody;

  @ApiProperty({ type: [String] })
  reasons!: string[];
}
