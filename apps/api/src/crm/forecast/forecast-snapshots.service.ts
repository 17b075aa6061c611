import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  buildSalesForecast,
  FORECAST_CATEGORIES,
  type ForecastDealInput,
  isForecastMonth,
  monthOf,
  shiftMonth,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { runAsSystem } from '../../access/tenant-context';
import { JobQueue } from '../../jobs/job-queue.service';
import { FORECAST_DEAL_COLUMNS, FORECAST_DEALS_IN_RANGE, monthStart } from './forecast.service';

export const FORECAST_SNAPSHOT_JOB = 'crm.forecast-snapshot';

interface SnapshotJob {
  /** `YYYY-MM`: the month whose forecast is taken as it begins. */
  month: string;
}

/**
 * The monthly forecast snapshot (docs/product/forecast.md#snapshots): as a month begins, a job on
 * the queue records every scope's forecast for that month, so the month can later be compared
 * with what closed in it. Each run enqueues the next month's, to start on its first day; every
 * start of the API makes sure the current month's exists (a lost chain heals itself).
 *
 * One transaction claims the month (a row in crm_forecast_snapshot_runs, keyed by the month) and
 * writes its snapshot rows: a second job for the month, a retry after a crash, or two processes at
 * once find the month claimed and take nothing, and a crash before the commit leaves nothing half
 * taken for the retry.
 */
@Injectable()
export class ForecastSnapshotsService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('ForecastSnapshots');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register<SnapshotJob>({
      name: FORECAST_SNAPSHOT_JOB,
      handler: async (data) => {
        // Unreadable input cannot get better by retrying.
        if (!isForecastMonth(data.month)) {
          this.logger.warn(`snapshot job with a bad month: ${String(data.month)}`);
          return;
        }
        await this.take(data.month);
      },
      queue: { retryLimit: 10, retryDelay: 60, retryBackoff: true },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // The queue starts before the features (a global module); without it there is nothing to do.
    if (!this.jobs.running) return;
    const month = monthOf(new Date());
    await runAsSystem('forecast snapshot schedule', async () => {
      const [claimed]: unknown[] = await this.dataSource.query(
        'SELECT 1 FROM crm_forecast_snapshot_runs WHERE month = $1::date',
        [monthStart(month)],
      );
      if (!claimed) await this.jobs.send(FORECAST_SNAPSHOT_JOB, { month }, { singletonKey: month });
    });
  }

  /**
   * Takes `month`'s snapshot unless it is taken; answers whether this call took it. Runs as the
   * system: every tenant's deals, each snapshot row under its own scope.
   */
  async take(month: string): Promise<boolean> {
    const taken = await runAsSystem(`forecast snapshot ${month}`, () =>
      this.dataSource.transaction(async (manager) => {
        const [claimed]: unknown[] = await manager.query(
          `INSERT INTO crm_forecast_snapshot_runs (month) VALUES ($1::date)
             ON CONFLICT (month) DO NOTHING RETURNING month`,
          [monthStart(month)],
        );
        if (!claimed) return false;
        await this.writeSnapshot(manager, month);
        // The next run, sent in this transaction so it exists exactly when this snapshot does: the
        // next month's, due as it begins; or, when this one ran late and the next month has begun,
        // the current month's at once. Months that went by unseen are not taken late: a snapshot
        // taken weeks into its month is not what was forecast at its start.
        const next = shiftMonth(month, 1);
        const current = monthOf(new Date());
        const due = next.localeCompare(current) > 0 ? next : current;
        await this.jobs.send(
          FORECAST_SNAPSHOT_JOB,
          { month: due },
          { manager, singletonKey: due, startAfter: new Date(`${monthStart(due)}T00:00:00.000Z`) },
        );
        return true;
      }),
    );
    if (taken) this.logger.log(`forecast snapshot of ${month} taken`);
    return taken;
  }

  private async writeSnapshot(manager: EntityManager, month: string): Promise<void> {
    const deals: Array<ForecastDealInput & { org_id: string | null }> = await manager.query(
      `SELECT ${FORECAST_DEAL_COLUMNS} FROM crm_deals d WHERE ${FORECAST_DEALS_IN_RANGE}`,
      [monthStart(month), monthStart(shiftMonth(month, 1))],
    );
    // One forecast per scope: an institution's deals, or a person's own.
    const scopes = new Map<string, typeof deals>();
    for (const deal of deals) {
      const key = deal.org_id ?? `personal:${deal.owner_id}`;
      scopes.set(key, [...(scopes.get(key) ?? []), deal]);
    }
    const rows: unknown[][] = [];
    for (const scopeDeals of scopes.values()) {
      const forecast = buildSalesForecast({
        from: month,
        to: month,
        currentMonth: month,
        deals: scopeDeals,
        ownerNames: {},
        teams: null,
        outcomes: [],
      });
      const orgId = scopeDeals[0]?.org_id ?? null;
      for (const owner of forecast.owners) {
        for (const category of FORECAST_CATEGORIES) {
          const cell = owner.total[category];
          if (cell.count === 0) continue;
          rows.push([orgId, owner.owner_id, category, cell.count, cell.amount, cell.weighted]);
        }
      }
    }
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      const params: unknown[] = [monthStart(month)];
      const values = batch.map((row) => {
        const first = params.length + 1;
        params.push(...row);
        return `($${first}::uuid, $${first + 1}::uuid, $1::date, $${first + 2}, $${first + 3}, $${first + 4}, $${first + 5})`;
      });
      await manager.query(
        `INSERT INTO crm_forecast_snapshots (org_id, owner_id, month, category, deal_count, amount, weighted)
         VALUES ${values.join(', ')}`,
        params,
      );
    }
  }
}
