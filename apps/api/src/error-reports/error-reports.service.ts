import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERROR_REPORTS_PER_MINUTE, type PlatformErrorReport } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { ownership, scopeSql } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { TooManyRequestsError } from '../common/domain-errors';
import type { ErrorReportDto, PlatformErrorReportQueryDto } from './dto/error-report.dto';

/** Reports kept for the platform console (docs/product/errors.md). */
@Injectable()
export class ErrorReportsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Keeps one report in the caller's scope: the institution they work in, or their own when none. A person over the
   * budget is refused: a screen stuck in a loop must not fill the table.
   */
  async record(scope: TenantScope, report: ErrorReportDto, userAgent: string | undefined): Promise<void> {
    const where = scopeSql(scope, 'r', 2);
    const [{ recent }]: Array<{ recent: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS recent FROM client_error_reports r
        WHERE r.owner_id = $1 AND r.created_at > now() - interval '1 minute' AND ${where.sql}`,
      [scope.userId, ...where.params],
    );
    if (recent >= ERROR_REPORTS_PER_MINUTE)
      throw new TooManyRequestsError('Too many error reports. Try again in a minute.');
    const owner = ownership(scope);
    await this.dataSource.query(
      `INSERT INTO client_error_reports (org_id, owner_id, message, detail, url, module_id, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        owner.org_id,
        owner.owner_id,
        report.message,
        report.detail ?? null,
        report.url ?? null,
        report.module_id ?? null,
        userAgent ? userAgent.slice(0, 300) : null,
      ],
    );
  }

  /** The newest reports of every institution, or of one (super admins, as the system). */
  async listForPlatform(query: PlatformErrorReportQueryDto): Promise<PlatformErrorReport[]> {
    const rows: Array<Omit<PlatformErrorReport, 'created_at'> & { created_at: Date }> =
      await this.dataSource.query(
        `SELECT r.id, r.org_id AS institution_id, i.name AS institution_name, u.email AS user_email, r.message,
              r.detail, r.url, r.module_id, r.user_agent, r.created_at
         FROM client_error_reports r
         JOIN users u ON u.id = r.owner_id
         LEFT JOIN institutions i ON i.id = r.org_id
        WHERE ($1::uuid IS NULL OR r.org_id = $1)
        ORDER BY r.created_at DESC, r.id
        LIMIT $2`,
        [query.institution_id ?? null, query.limit ?? 50],
      );
    return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  }
}
