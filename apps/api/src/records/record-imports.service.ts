import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  crossRecordRules,
  csvRowsToRecordInputs,
  findRecordSchema,
  parseCsv,
  type RecordImportRowError,
  type RecordValues,
  validateRecord,
} from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { InvalidInputError } from '../common/domain-errors';
import type {
  CsvImporter,
  ImportBatchOutcome,
  ImportOwner,
  ImportRow,
  ImportTarget,
} from '../imports/csv-importer';
import { ImportJobs } from '../imports/import-jobs.service';
import { RecordReferencesService } from './record-references.service';
import { RecordScope } from './record-scope.service';
import { RecordWritesService } from './record-writes.service';

/**
 * The records engine's half of CSV import (ImportJobs runs it as a durable job): columns are
 * matched to the submodule's fields by key or label; each row is validated by the shared
 * validateRecord, references must name records of the same scope; valid rows are created and
 * refused ones reported by row number with a message per field.
 */
@Injectable()
export class RecordImportsService implements CsvImporter, OnModuleInit {
  constructor(
    private readonly imports: ImportJobs,
    private readonly records: RecordScope,
    private readonly references: RecordReferencesService,
    private readonly writes: RecordWritesService,
  ) {}

  onModuleInit(): void {
    this.imports.registerImporter(this);
  }

  handles(target: ImportTarget): boolean {
    return findRecordSchema(target.moduleId, target.submoduleId) !== undefined;
  }

  readRows(target: ImportTarget, csv: string): ImportRow[] {
    const schema = this.records.schemaFor(target);
    const parsed = csvRowsToRecordInputs(schema, parseCsv(csv));
    if (parsed.unmatchedColumns.length > 0) {
      const message = `Unknown columns: ${parsed.unmatchedColumns.join(', ')}. Use the field names of ${schema.entityNamePlural}.`;
      throw new InvalidInputError(message, { csv: [message] });
    }
    return parsed.records.map((record) => ({ row: record.rowNumber, input: record.values }));
  }

  async importBatch(
    manager: EntityManager,
    owner: ImportOwner,
    target: ImportTarget,
    rows: ImportRow[],
  ): Promise<ImportBatchOutcome> {
    const schema = this.records.schemaFor(target);
    const refused: RecordImportRowError[] = [];
    const valid: Array<{ row: number; values: RecordValues }> = [];
    for (const { row, input } of rows) {
      const result = validateRecord(schema, input);
      if (result.ok) valid.push({ row, values: result.value });
      else refused.push({ row, errors: result.errors });
    }
    const referenceErrors = await this.references.referenceErrors(
      owner,
      schema,
      valid.map((entry) => entry.values),
      manager,
    );
    const accepted = valid.filter((entry, index) => {
      const errors = referenceErrors.get(index);
      if (errors) refused.push({ row: entry.row, errors });
      return !errors;
    });
    // Formulas reading a referenced record (a reservation's rate from its room) need it loaded.
    const computed = await this.references.withReferencedValues(
      owner,
      schema,
      accepted.map((entry) => entry.values),
      manager,
    );
    const insertable = accepted.map((entry, index) => ({
      ...entry,
      values: computed[index] ?? entry.values,
    }));
    if (crossRecordRules(schema).length === 0) {
      await this.writes.insertMany(
        manager,
        owner,
        target,
        schema,
        insertable.map((entry) => entry.values),
      );
      return { created: insertable.length, refused };
    }
    // Row by row, so a row clashing with an earlier row of the same file is refused like any other.
    let created = 0;
    for (const entry of insertable) {
      const errors = await this.writes.crossRecordErrors(manager, owner, target, schema, entry.values);
      if (errors) {
        refused.push({ row: entry.row, errors });
        continue;
      }
      await this.writes.insertMany(manager, owner, target, schema, [entry.values]);
      created++;
    }
    return { created, refused };
  }
}
