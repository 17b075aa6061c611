import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DealFile, PipelinePreferences, PipelinePreferencesInput } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { requireInScope } from '../../access/scoped-query';
import type { UploadedFile } from '../../security/multipart-limits';

const FILE_COLUMNS = 'id, deal_id, file_name, content_type, size_bytes, uploaded_by, created_at';

/** A path segment or header-safe name: no directories, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters on purpose
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || 'file').slice(0, 255);
}

@Injectable()
export class CrmFilesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(scope: TenantScope, dealId: string): Promise<DealFile[]> {
    await requireInScope(this.dataSource.manager, scope, 'crm_deals', dealId, 'Deal');
    const rows: DealFile[] = await this.dataSource.query(
      `SELECT ${FILE_COLUMNS} FROM crm_deal_files WHERE deal_id = $1 ORDER BY created_at DESC, id`,
      [dealId],
    );
    return rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }));
  }

  async upload(scope: TenantScope, dealId: string, file: UploadedFile): Promise<DealFile> {
    return this.dataSource.transaction(async (manager) => {
      await requireInScope(manager, scope, 'crm_deals', dealId, 'Deal');
      const rows: DealFile[] = await manager.query(
        `INSERT INTO crm_deal_files (deal_id, org_id, uploaded_by, file_name, content_type, size_bytes, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${FILE_COLUMNS}`,
        [
          dealId,
          scope.institutionId,
          scope.userId,
          cleanFileName(file.fileName),
          file.contentType || 'application/octet-stream',
          file.content.length,
          file.content,
        ],
      );
      return { ...rows[0], size_bytes: Number(rows[0].size_bytes) };
    });
  }

  async download(
    scope: TenantScope,
    dealId: string,
    fileId: string,
  ): Promise<DealFile & { content: Buffer }> {
    await requireInScope(this.dataSource.manager, scope, 'crm_deals', dealId, 'Deal');
    const rows: Array<DealFile & { content: Buffer }> = await this.dataSource.query(
      `SELECT ${FILE_COLUMNS}, content FROM crm_deal_files WHERE id = $1 AND deal_id = $2`,
      [fileId, dealId],
    );
    if (rows.length === 0) throw new NotFoundError('File');
    return rows[0];
  }

  async remove(scope: TenantScope, dealId: string, fileId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await requireInScope(manager, scope, 'crm_deals', dealId, 'Deal');
      const result: [unknown[], number] = await manager.query(
        'DELETE FROM crm_deal_files WHERE id = $1 AND deal_id = $2 RETURNING id',
        [fileId, dealId],
      );
      if (result[1] === 0) throw new NotFoundError('File');
    });
  }

  /** Per user and per scope (an institution, or the personal rows). */
  async pipelinePreferences(scope: TenantScope): Promise<PipelinePreferences> {
    const rows: Array<{ value: Partial<PipelinePreferences> }> = await this.dataSource.query(
      `SELECT value FROM crm_user_preferences WHERE user_id = $1 AND scope_key = $2 AND preference_key = 'pipeline'`,
      [scope.userId, scope.institutionId ?? 'personal'],
    );
    return preferencesOf(rows[0]?.value);
  }

  /**
   * Merged in one statement, so two tabs saving different stages (or columns and order) keep both: a field left
   * out stays, and `card_order` replaces only the stages it names.
   */
  async savePipelinePreferences(
    scope: TenantScope,
    preferences: PipelinePreferencesInput,
  ): Promise<PipelinePreferences> {
    const given = {
      hidden_stages: preferences.hidden_stages ?? [],
      card_order: preferences.card_order ?? {},
    };
    const rows: Array<{ value: Partial<PipelinePreferences> }> = await this.dataSource.query(
      `INSERT INTO crm_user_preferences AS p (user_id, scope_key, preference_key, value)
       VALUES ($1, $2, 'pipeline', $3::jsonb)
       ON CONFLICT (user_id, scope_key, preference_key) DO UPDATE SET
         value = jsonb_build_object(
           'hidden_stages', CASE WHEN $4 THEN EXCLUDED.value -> 'hidden_stages'
                                 ELSE coalesce(p.value -> 'hidden_stages', '[]'::jsonb) END,
           'card_order', coalesce(p.value -> 'card_order', '{}'::jsonb) || (EXCLUDED.value -> 'card_order')),
         updated_at = now()
       RETURNING value`,
      [
        scope.userId,
        scope.institutionId ?? 'personal',
        JSON.stringify(given),
        preferences.hidden_stages !== undefined,
      ],
    );
    return preferencesOf(rows[0]?.value);
  }
}

function preferencesOf(value: Partial<PipelinePreferences> | undefined): PipelinePreferences {
  return { hidden_stages: value?.hidden_stages ?? [], card_order: value?.card_order ?? {} };
}
