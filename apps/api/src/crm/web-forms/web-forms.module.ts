import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationModule } from '../automation/automation.module';
import { LeadsModule } from '../leads/leads.module';
import { WorkflowsModule } from '../workflows/workflows.module';
import { PublicWebFormsController } from './public-web-forms.controller';
import { WebFormEntity } from './web-form.entity';
import { WebFormSubmissionsService } from './web-form-submissions.service';
import { WebFormsController } from './web-forms.controller';
import { WebFormsService } from './web-forms.service';

/** Web forms: built by owners under /api/crm/forms, used by visitors under /api/forms. */
@Module({
  imports: [TypeOrmModule.forFeature([WebFormEntity]), LeadsModule, WorkflowsModule, AutomationModule],
  controllers: [WebFormsController, PublicWebFormsController],
  providers: [WebFormsService, WebFormSubmissionsService],
})
export class WebFormsModule {}
