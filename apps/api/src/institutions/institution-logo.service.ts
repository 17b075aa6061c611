import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  INSTITUTION_LOGO_LIMIT_TEXT,
  INSTITUTION_LOGO_MAX_BYTES,
  INSTITUTION_LOGO_TOO_LARGE,
  type InstitutionLogo,
  type InstitutionLogoType,
  logoTypeOf,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { type AuditActor, AuditLogService } from '../administration/audit-log.service';
import { InvalidInputError, NotFoundError } from '../common/domain-errors';
import type { UploadedFile } from '../security/multipart-limits';
import { isReadableLogo } from './logo-image';

interface LogoRow {
  content_type: InstitutionLogoType;
  size_bytes: number;
  updated_at: Date;
}

const LOGO_COLUMNS = 'content_type, octet_length(content) AS size_bytes, updated_at';

const toLogo = (row: LogoRow): InstitutionLogo => ({
  content_type: row.content_type,
  size_bytes: Number(row.size_bytes),
  updated_at: row.updated_at.toISOString(),
});

/**
 * The institution's logo. Row-level security keeps each institution's row to its own members'
 * connections (and to the all-tenants role, for the public quote page's PDF).
 */
@Injectable()
export class InstitutionLogoService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  async read(institutionId: string): Promise<InstitutionLogo & { content: Buffer }> {
    const logo = await this.bytesOf(this.dataSource.manager, institutionId);
    if (!logo) throw new NotFoundError('Logo');
    return logo;
  }

  /** The logo's bytes and type, or null: for the quote PDF, which prints the name alone without one. */
  async bytesOf(
    manager: EntityManager,
    institutionId: string | null,
  ): Promise<(InstitutionLogo & { content: Buffer }) | null> {
    if (!institutionId) return null;
    const [row]: Array<LogoRow & { content: Buffer }> = await manager.query(
      `SELECT ${LOGO_COLUMNS}, content FROM institution_logos WHERE institution_id = $1`,
      [institutionId],
    );
    return row ? { ...toLogo(row), content: row.content } : null;
  }

  /**
   * Stores the upload as the logo, replacing any: its type is read from its bytes, and the
   * declared type must agree, so nothing but a PNG or a JPEG is ever stored or printed.
   */
  async save(institutionId: string, actor: AuditActor, file: UploadedFile): Promise<InstitutionLogo> {
    const type = logoTypeOf(file.content);
    if (!type)
      throw new InvalidInputError('The logo must be a PNG or JPEG image', {
        file: ['The file is not a PNG or JPEG image'],
      });
    if (file.contentType && file.contentType !== type && file.contentType !== 'application/octet-stream')
      throw new InvalidInputError('The logo must be a PNG or JPEG image', {
        file: [
          `The file was sent as ${file.contentType} but holds a ${type.slice('image/'.length).toUpperCase()}`,
        ],
      });
    if (file.content.length > INSTITUTION_LOGO_MAX_BYTES)
      throw new InvalidInputError(INSTITUTION_LOGO_TOO_LARGE, { file: [INSTITUTION_LOGO_LIMIT_TEXT] });
    if (!isReadableLogo(file.content, type))
      throw new InvalidInputError('The file is not a readable PNG or JPEG image', {
        file: ['The image is damaged, incomplete, or larger than 4096 pixels a side'],
      });
    return this.dataSource.transaction(async (manager) => {
      const [row]: LogoRow[] = await manager.query(
        `INSERT INTO institution_logos (institution_id, content_type, content, updated_by)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (institution_id) DO UPDATE
           SET content_type = EXCLUDED.content_type, content = EXCLUDED.content,
               updated_by = EXCLUDED.updated_by, updated_at = now()
         RETURNING ${LOGO_COLUMNS}`,
        [institutionId, type, file.content, actor.id],
      );
      const logo = toLogo(row as LogoRow);
      await this.audit.record(
        {
          institutionId,
          actor,
          action: 'logo.changed',
          target: `${logo.content_type}, ${logo.size_bytes} bytes`,
        },
        manager,
      );
      return logo;
    });
  }

  async remove(institutionId: string, actor: AuditActor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [, count]: [unknown, number] = await manager.query(
        'DELETE FROM institution_logos WHERE institution_id = $1 RETURNING institution_id',
        [institutionId],
      );
      if (count === 0) throw new NotFoundError('Logo');
      await this.audit.record({ institutionId, actor, action: 'logo.removed', target: 'logo' }, manager);
    });
  }
}
