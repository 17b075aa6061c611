import { Module } from '@nestjs/common';
import { CrmDealFilesController, CrmPreferencesController } from './crm-files.controller';
import { CrmFilesService } from './crm-files.service';

/** Deal files (upload, list, download, delete; 5 MB each) and per-user CRM preferences. */
@Module({
  controllers: [CrmDealFilesController, CrmPreferencesController],
  providers: [CrmFilesService],
})
export class CrmFilesModule {}
