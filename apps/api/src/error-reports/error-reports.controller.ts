import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { OptionalMembership, Scope, type TenantScope } from '../access/tenant-scope';
import { ErrorReportDto } from './dto/error-report.dto';
import { ErrorReportsService } from './error-reports.service';

/** Where the screens' logger reports errors (docs/product/errors.md). */
@ApiTags('error-reports')
@Controller('error-reports')
export class ErrorReportsController {
  constructor(private readonly reports: ErrorReportsService) {}

  @Post()
  @HttpCode(204)
  @OptionalMembership()
  @ApiResponse({ status: 204, description: 'Kept for the platform console' })
  async report(
    @Scope() scope: TenantScope,
    @Body() body: ErrorReportDto,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<void> {
    await this.reports.record(scope, body, userAgent);
  }
}
