import { Module } from '@nestjs/common';
import { AdministrationModule } from '../../administration/administration.module';
import { ImportsModule } from '../../imports/imports.module';
import { AutomationModule } from '../automation/automation.module';
import { DuplicatesController } from '../duplicates/duplicates.controller';
import { DuplicatesService } from '../duplicates/duplicates.service';
import { CrmImportsController } from './crm-imports.controller';
import { CrmImportsService } from './crm-imports.service';
import { CrmImporter } from './crm-importer';

/** CRM imports from CSV and the duplicates they (and people) make (docs/product/crm-imports.md). */
@Module({
  imports: [ImportsModule, AdministrationModule, AutomationModule],
  controllers: [CrmImportsController, DuplicatesController],
  providers: [CrmImporter, CrmImportsService, DuplicatesService],
})
export class CrmImportsModule {}
