import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { SegmentEntity } from './segment.entity';

class LiveCount {
  @ApiProperty({ description: 'Leads in scope matching the criteria now' })
  live_count!: number;
}

export class SegmentWithLiveCountBody extends IntersectionType(SegmentEntity, LiveCount) {}
