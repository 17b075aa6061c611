import { Injectable } from '@nestjs/common';
import { recordsToCsv, withDerivedValues } from '@tessera/data-access/contracts';
import type { TenantScope } from '../access/tenant-scope';
import type { ListRecordsQuery } from './dto/list-records.query';
import { RecordListsService } from './record-lists.service';
import { RecordScope, type SubmoduleRef } from './record-scope.service';

const EXPORT_LIMIT = 50_000;

/** A list as CSV: the same rows as on screen (search, filters, sort), one column per field. */
@Injectable()
export class RecordCsvService {
  constructor(
    private readonly records: RecordScope,
    private readonly lists: RecordListsService,
  ) {}

  async exportCsv(scope: TenantScope, ref: SubmoduleRef, params: ListRecordsQuery): Promise<string> {
    const schema = this.records.schemaFor(ref);
    const rows = await this.lists.filteredQuery(scope, ref, schema, params).take(EXPORT_LIMIT).getMany();
    return recordsToCsv(
      schema,
      rows.map((row) => ({ id: row.id, ...withDerivedValues(schema, row.data) })),
    );
  }
}
