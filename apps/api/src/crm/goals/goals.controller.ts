import { Body, Controller, Query } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import type { SalesGoal } from '@tessera/data-access/contracts';
import {
  CreatesCrmRow,
  CrmApi,
  ReadsCrm,
  RemovesCrmRow,
  RowId,
  UpdatesCrmRow,
} from '../common/crm-api.decorators';
import { CreateGoalDto, GoalListQueryDto, UpdateGoalDto } from './dto/goal.dto';
import { SalesGoalBody } from './goal.responses';
import { GoalsService } from './goals.service';

/** Goals are the team's configuration: CRM admins (institution owners and admins) set them, everyone reads. */
const SETS_GOALS = RequireModuleAccess('crm', 'admin');

@CrmApi('crm goals')
@Controller('crm/goals')
export class GoalsController {
  constructor(private readonly goals: GoalsService) {}

  @ReadsCrm(undefined, [SalesGoalBody])
  list(@Scope() scope: TenantScope, @Query() query: GoalListQueryDto): Promise<SalesGoal[]> {
    return this.goals.list(scope, query);
  }

  @ReadsCrm(':id', SalesGoalBody)
  get(@Scope() scope: TenantScope, @RowId() id: string): Promise<SalesGoal> {
    return this.goals.get(scope, id);
  }

  @CreatesCrmRow(SETS_GOALS, SalesGoalBody)
  create(@Scope() scope: TenantScope, @Body() body: CreateGoalDto): Promise<SalesGoal> {
    return this.goals.create(scope, body);
  }

  @UpdatesCrmRow(SETS_GOALS, SalesGoalBody)
  update(@Scope() scope: TenantScope, @RowId() id: string, @Body() body: UpdateGoalDto): Promise<SalesGoal> {
    return this.goals.update(scope, id, body);
  }

  @RemovesCrmRow(SETS_GOALS)
  remove(@Scope() scope: TenantScope, @RowId() id: string): Promise<void> {
    return this.goals.remove(scope, id);
  }
}
