import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import { INSTITUTION_HEADER, type SearchResults } from '@tessera/data-access/contracts';
import { ReadsAcrossModules, Scope, type TenantScope } from '../access/tenant-scope';
import { SearchQuery } from './dto/search.query';
import { SearchResultsResponse } from './dto/search-results.response';
import { SearchService } from './search.service';

@ApiTags('search')
@ApiCookieAuth('tessera_at')
@ApiHeader({
  name: INSTITUTION_HEADER,
  required: false,
  description: 'Institution to search in (modules the caller may read); without it, your personal rows.',
})
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** docs/product/search.md#search-across-everything */
  @Get()
  @ReadsAcrossModules()
  @ApiResponse({ status: 200, type: SearchResultsResponse })
  find(@Scope() scope: TenantScope, @Query() query: SearchQuery): Promise<SearchResults> {
    return this.search.find(scope, query.q);
  }
}
