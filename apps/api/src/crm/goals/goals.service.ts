import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  elapsedFraction,
  type GoalAssignee,
  type GoalMetric,
  type GoalPeriod,
  goalPeriodLabel,
  goalPeriodRange,
  goalProgress,
  goalStartErrors,
  type SalesGoal,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ownership, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import type { CreateGoalDto, GoalListQueryDto, UpdateGoalDto } from './dto/goal.dto';

interface GoalRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  assignee: GoalAssignee;
  user_id: string | null;
  assignee_name: string | null;
  metric: GoalMetric;
  period: GoalPeriod;
  period_start: string;
  target: number;
  created_at: Date;
  updated_at: Date;
}

const GOAL_COLUMNS = `g.id, g.org_id, g.owner_id, g.assignee, g.user_id, g.metric, g.period,
  to_char(g.period_start, 'YYYY-MM') AS period_start, g.target::float8 AS target, g.created_at, g.updated_at,
  CASE WHEN g.assignee = 'team' THEN i.name
       ELSE coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) END AS assignee_name`;
const GOAL_JOINS = `LEFT JOIN users u ON u.id = g.user_id LEFT JOIN institutions i ON i.id = g.org_id`;

/**
 * What a goal measures, over `[$1, $2)` in the goal's scope (`scope` is its condition on alias `t`),
 * for one person (`$3`) or the whole team ($3 null). Stage changes are logged by the CRM itself
 * and are not work someone completed, so they do not count as activities.
 */
const METRIC_SQL: Record<GoalMetric, (scope: string) => string> = {
  won_value: (scope) => `SELECT coalesce(sum(t.amount), 0)::float8 AS actual FROM crm_deals t
     WHERE ${scope} AND t.status = 'won' AND t.closed_at >= $1 AND t.closed_at < $2 AND ($3::uuid IS NULL OR t.owner_id = $3)`,
  deals_won: (scope) => `SELECT count(*)::int AS actual FROM crm_deals t
     WHERE ${scope} AND t.status = 'won' AND t.closed_at >= $1 AND t.closed_at < $2 AND ($3::uuid IS NULL OR t.owner_id = $3)`,
  activities_completed: (scope) => `SELECT count(*)::int AS actual FROM crm_activities t
     WHERE ${scope} AND t.status = 'completed' AND t.type <> 'stage_change'
       AND t.completed_at >= $1 AND t.completed_at < $2 AND ($3::uuid IS NULL OR t.owner_id = $3)`,
  new_leads: (scope) => `SELECT count(*)::int AS actual FROM crm_leads t
     WHERE ${scope} AND t.created_at >= $1 AND t.created_at < $2 AND ($3::uuid IS NULL OR t.owner_id = $3)`,
};

/** Sales goals (docs/product/goals.md): targets per person or team and period, progress from the CRM's rows. */
@Injectable()
export class GoalsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(scope: TenantScope, query: GoalListQueryDto, now = new Date()): Promise<SalesGoal[]> {
    const where = scopeSql(scope, 'g', 1);
    const rows: GoalRow[] = await this.dataSource.query(
      `SELECT ${GOAL_COLUMNS} FROM crm_goals g ${GOAL_JOINS} WHERE ${where.sql}
        ORDER BY g.period_start DESC, g.created_at DESC, g.id`,
      where.params,
    );
    const shown = query.current
      ? rows.filter((row) => {
          const range = goalPeriodRange(row.period, row.period_start);
          return Date.parse(range.start) <= now.getTime() && now.getTime() < Date.parse(range.end);
        })
      : rows;
    const goals: SalesGoal[] = [];
    for (const row of shown) goals.push(await this.withProgress(this.dataSource.manager, scope, row, now));
    return goals;
  }

  async get(
    scope: TenantScope,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SalesGoal> {
    return this.withProgress(manager, scope, await this.row(manager, scope, id), new Date());
  }

  async create(scope: TenantScope, input: CreateGoalDto): Promise<SalesGoal> {
    const errors = goalStartErrors(input.period, input.period_start);
    if (errors.length > 0) throw new InvalidInputError('The goal is not valid', { period_start: errors });
    return this.dataSource.transaction(async (manager) => {
      const userId = await this.assigneeUser(manager, scope, input.assignee, input.user_id);
      const { org_id, owner_id } = ownership(scope);
      const [row]: Array<{ id: string }> = await manager.query(
        `INSERT INTO crm_goals (org_id, owner_id, assignee, user_id, metric, period, period_start, target)
         VALUES ($1, $2, $3, $4, $5, $6, ($7 || '-01')::date, $8) RETURNING id`,
        [
          org_id,
          owner_id,
          input.assignee,
          userId,
          input.metric,
          input.period,
          input.period_start,
          input.target,
        ],
      );
      return this.get(scope, (row as { id: string }).id, manager);
    });
  }

  async update(scope: TenantScope, id: string, input: UpdateGoalDto): Promise<SalesGoal> {
    return this.dataSource.transaction(async (manager) => {
      const goal = await this.row(manager, scope, id, true);
      const period = input.period ?? goal.period;
      const start = input.period_start ?? goal.period_start;
      const errors = goalStartErrors(period, start);
      if (errors.length > 0) throw new InvalidInputError('The goal is not valid', { period_start: errors });
      await manager.query(
        `UPDATE crm_goals SET metric = $2, period = $3, period_start = ($4 || '-01')::date, target = $5,
                updated_at = now() WHERE id = $1`,
        [goal.id, input.metric ?? goal.metric, period, start, input.target ?? goal.target],
      );
      return this.get(scope, goal.id, manager);
    });
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const goal = await this.row(manager, scope, id, true);
      await manager.query('DELETE FROM crm_goals WHERE id = $1', [goal.id]);
    });
  }

  private async row(manager: EntityManager, scope: TenantScope, id: string, lock = false): Promise<GoalRow> {
    const where = scopeSql(scope, 'g', 2);
    const [row]: GoalRow[] = await manager.query(
      `SELECT ${GOAL_COLUMNS} FROM crm_goals g ${GOAL_JOINS} WHERE g.id = $1 AND ${where.sql}${lock ? ' FOR UPDATE OF g' : ''}`,
      [id, ...where.params],
    );
    if (!row) throw new NotFoundError('Goal');
    return row;
  }

  /**
   * Whose goal: a person of the institution (a member; default the caller), or the team, which is
   * the institution. In personal scope there is only the caller.
   */
  private async assigneeUser(
    manager: EntityManager,
    scope: TenantScope,
    assignee: GoalAssignee,
    userId: string | undefined,
  ): Promise<string | null> {
    if (assignee === 'team') {
      if (!scope.institutionId)
        throw new InvalidInputError('A team goal needs an institution', {
          assignee: ['assignee team needs an institution (X-Institution-Id)'],
        });
      if (userId)
        throw new InvalidInputError('A team goal names no person', {
          user_id: ['user_id must be left out for a team goal'],
        });
      return null;
    }
    const person = userId ?? scope.userId;
    if (!scope.institutionId) {
      if (person !== scope.userId)
        throw new InvalidInputError('Personal goals are your own', {
          user_id: ['user_id must be you in personal scope'],
        });
      return person;
    }
    const [member]: unknown[] = await manager.query(
      'SELECT 1 FROM institution_members WHERE institution_id = $1 AND user_id = $2',
      [scope.institutionId, person],
    );
    // Someone outside the institution answers as if they did not exist, like any out-of-scope id.
    if (!member) throw new NotFoundError('Member');
    return person;
  }

  private async withProgress(
    manager: EntityManager,
    scope: TenantScope,
    row: GoalRow,
    now: Date,
  ): Promise<SalesGoal> {
    const range = goalPeriodRange(row.period, row.period_start);
    const where = scopeSql(scope, 't', 4);
    const [result]: Array<{ actual: number }> = await manager.query(METRIC_SQL[row.metric](where.sql), [
      range.start,
      range.end,
      row.user_id,
      ...where.params,
    ]);
    return {
      id: row.id,
      org_id: row.org_id,
      owner_id: row.owner_id,
      assignee: row.assignee,
      user_id: row.user_id,
      assignee_name: row.assignee_name ?? 'Unknown',
      metric: row.metric,
      period: row.period,
      period_start: row.period_start,
      period_label: goalPeriodLabel(row.period, row.period_start),
      target: row.target,
      progress: goalProgress(row.target, Number(result?.actual ?? 0), elapsedFraction(range, now)),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }
}
