import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationWorkflowEntity } from './automation-workflow.entity';
import { WorkflowExecutionEntity } from './workflow-execution.entity';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsService } from './workflows.service';

@Module({
  imports: [TypeOrmModule.forFeature([AutomationWorkflowEntity, WorkflowExecutionEntity])],
  controllers: [WorkflowsController],
  providers: [WorkflowsService],
})
export class WorkflowsModule {}
