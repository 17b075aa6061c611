import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  catalogueEntry,
  type ModuleCatalogueEntry,
  type ModuleCategory,
  type RemoteKey,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { AccessDecisions } from '../access/access-decisions';
import { REGISTRY_TABLES } from './registry-tables';

export interface RegisteredRemoteRow {
  key: RemoteKey;
  name: string;
  container: string;
  builtIn: boolean;
  createdAt: Date;
}

interface ModuleRow {
  id: string;
  remote_key: string;
  name: string;
  description: string;
  category: ModuleCategory;
  premium: boolean;
  submodules: { id: string; name: string }[];
  default_levels: ModuleCatalogueEntry['defaultLevels'];
}

interface RemoteRow {
  key: string;
  name: string;
  container: string;
  built_in: boolean;
  created_at: Date;
}

/** A backstop only: a change is announced at once (NOTIFY); this bounds how long a lost notice matters. */
const RELOAD_INTERVAL_MS = 60_000;

/**
 * The module catalogue and the registered remotes as every part of the API reads them: kept in
 * memory, read from the registry tables at start and again whenever they change — a NOTIFY from
 * their triggers reaches every process, and this process re-reads at once after its own writes.
 * So a module registered on one process is in the next answer of all of them, with no restart.
 */
@Injectable()
export class ModuleCatalogue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ModuleCatalogue.name);
  private modules: readonly ModuleCatalogueEntry[] = [];
  private byId = new Map<string, ModuleCatalogueEntry>();
  private remotesByKey = new Map<string, RegisteredRemoteRow>();
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<void> | null = null;
  private stale = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    decisions: AccessDecisions,
  ) {
    // The registry tables' triggers announce changes on the access channel (an access decision is
    // made of modules too): one listening connection per process serves both.
    decisions.onNotice((table) => {
      if (table === null || REGISTRY_TABLES.includes(table)) void this.reload();
    });
  }

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload(), RELOAD_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Every module, in catalogue order (built-in first, then registered ones in the order they came). */
  entries(): readonly ModuleCatalogueEntry[] {
    return this.modules;
  }

  ids(): string[] {
    return this.modules.map((entry) => entry.id);
  }

  find(moduleId: string): ModuleCatalogueEntry | undefined {
    return this.byId.get(moduleId);
  }

  remotes(): RegisteredRemoteRow[] {
    return [...this.remotesByKey.values()];
  }

  remote(key: string): RegisteredRemoteRow | undefined {
    return this.remotesByKey.get(key);
  }

  modulesOf(key: string): ModuleCatalogueEntry[] {
    return this.modules.filter((entry) => entry.remote === key);
  }

  /**
   * Re-reads the tables. Calls made while a read runs share one more read after it, so the last
   * change is always seen.
   */
  reload(): Promise<void> {
    if (this.pending) {
      this.stale = true;
      return this.pending;
    }
    this.pending = (async () => {
      try {
        do {
          this.stale = false;
          await this.read();
        } while (this.stale);
      } catch (error) {
        this.logger.warn(`could not read the registry: ${(error as Error).message}`);
        if (this.modules.length === 0) throw error;
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }

  private async read(): Promise<void> {
    const [remotes, modules] = await Promise.all([
      this.dataSource.query<RemoteRow[]>(
        'SELECT key, name, container, built_in, created_at FROM registry_remotes ORDER BY built_in DESC, created_at, key',
      ),
      this.dataSource.query<ModuleRow[]>(
        `SELECT id, remote_key, name, description, category, premium, submodules, default_levels
             FROM registry_modules ORDER BY position, created_at, id`,
      ),
    ]);
    const entries = modules.map((row) =>
      catalogueEntry({
        id: row.id,
        name: row.name,
        description: row.description,
        category: row.category,
        remote: row.remote_key,
        ...(row.premium ? { isPremium: true } : {}),
        ...(row.default_levels && Object.keys(row.default_levels).length > 0
          ? { defaultLevels: row.default_levels }
          : {}),
        submodules: row.submodules,
      }),
    );
    this.modules = entries;
    this.byId = new Map(entries.map((entry) => [entry.id, entry]));
    this.remotesByKey = new Map(
      remotes.map((row) => [
        row.key,
        {
          key: row.key,
          name: row.name,
          container: row.container,
          builtIn: row.built_in,
          createdAt: new Date(row.created_at),
        },
      ]),
    );
  }
}
