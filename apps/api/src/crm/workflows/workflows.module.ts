import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationEngineModule } from '../automation/engine/automation-engine.module';
import { AutomationWorkflowEntity } from './automation-workflow.entity';
import { WorkflowExecutionEntity } from './workflow-execution.entity';
import { WorkflowRunnerService } from './workflow-runner.service';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsService } from './workflows.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([AutomationWorkflowEntity, WorkflowExecutionEntity]),
    AutomationEngineModule,
  ],
  controllers: [WorkflowsController],
  providers: [WorkflowsService, WorkflowRunnerService],
  exports: [WorkflowRunnerService],
})
export class WorkflowsModule {}
