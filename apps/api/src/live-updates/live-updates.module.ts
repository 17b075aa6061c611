import { Global, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccessModule } from '../access/access.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EventsController } from './events.controller';
import { InProcessLiveEventBus, LiveEventBus, PostgresLiveEventBus } from './live-event-bus';
import { LiveStreams } from './live-streams.service';

/** Live updates: changes published after commit, fanned out to every process's open streams. */
@Global()
@Module({
  imports: [AccessModule],
  controllers: [EventsController],
  providers: [
    {
      provide: LiveEventBus,
      // A DATABASE_URL means PostgreSQL, maybe several processes: NOTIFY. Else the embedded PGlite.
      useFactory: (config: AppConfig, dataSource: DataSource) =>
        config.databaseUrl
          ? new PostgresLiveEventBus(String((dataSource.options as { url?: string }).url), dataSource)
          : new InProcessLiveEventBus(),
      inject: [APP_CONFIG, getDataSourceToken()],
    },
    LiveStreams,
  ],
  exports: [LiveEventBus],
})
export class LiveUpdatesModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly bus: LiveEventBus) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.stop();
  }
}
