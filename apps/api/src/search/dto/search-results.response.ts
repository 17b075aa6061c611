import { ApiProperty } from '@nestjs/swagger';
import type { SearchGroup, SearchHit, SearchHitKind, SearchResults } from '@tessera/data-access/contracts';

const HIT_KINDS: SearchHitKind[] = ['contact', 'company', 'deal', 'lead', 'record'];

export class SearchHitResponse implements SearchHit {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;
  @ApiProperty({ enum: HIT_KINDS })
  kind: SearchHitKind;
  @ApiProperty({ type: String, example: 'Patient' })
  kind_label: string;
  @ApiProperty({ type: String })
  title: string;
  @ApiProperty({ type: String, description: 'Key fields joined by " · "' })
  subtitle: string;
  @ApiProperty({ type: String, example: '/modules/healthcare/patients/…' })
  path: string;
  @ApiProperty({ type: Number, description: 'Relevance, higher is better' })
  rank: number;
}

export class SearchGroupResponse implements SearchGroup {
  @ApiProperty({ type: String })
  module_id: string;
  @ApiProperty({ type: String })
  module_name: string;
  @ApiProperty({ type: [SearchHitResponse] })
  hits: SearchHitResponse[];
}

export class SearchResultsResponse implements SearchResults {
  @ApiProperty({ type: [SearchGroupResponse], description: 'One group per module, best group first' })
  groups: SearchGroupResponse[];
}
