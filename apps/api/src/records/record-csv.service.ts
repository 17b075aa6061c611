import { Injectable } from '@nestjs/common';
import { recordsToCsv, withDerivedValues } from '@tessera/data-access/contracts';
import type { TenantScope } from '../access/tenant-scope';
import type { ListRecordsQuery } from './dto/list-records.query';
import { RecordListsService } from './record-lists.service';
import type { SubmoduleRef } from './record-scope.service';

const EXPORT_LIMIT = 50_000;

/** A list as CSV: the same rows as on screen (search, filters, sort), one column per field. */
@Injectable()
export class RecordCsvService {
  constructor(private readonly lists: RecordListsService) {}

  async exportCsv(scope: TenantScope, ref: SubmoduleRef, params: ListRecordsQuery): Promise<string> {
    const { schema, query } = this.lists.filtered(scope, ref, params);
    const rows = await query.take(EXPORT_LIMIT).getMany();
    return recordsToCsv(
      schema,
      rows.map((row) => ({ id: row.id, ...withDerivedValues(schema, row.data) })),
    );
  }
}
