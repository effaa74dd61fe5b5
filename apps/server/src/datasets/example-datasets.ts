/**
 * Registers the example tables as physical datasets (through events, owned by nobody) once the examples
 * loader reports them ready, so Explore has something to pick on a fresh install. Idempotent: a table
 * that already has a dataset is skipped; runs at every start after loading finishes.
 */
import { Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExamplesModule } from '../examples/examples.module';
import { ExamplesService } from '../examples/examples.service';
import { EXAMPLES_DATABASE_NAME } from '../examples/register/register-examples';
import { DatasetsModule } from './datasets.module';
import { DatasetsService } from './datasets.service';

const POLL_MS = 2000;
/**
 * Attempts before giving up (about two minutes): the examples database may be restarting (a Stop or a
 * time limit in SQL Lab during the first start), and a registration that failed then must not be lost.
 */
const MAX_ATTEMPTS = 60;

@Injectable()
export class ExampleDatasets implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ExampleDatasets');
  private timer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private busy = false;

  constructor(
    private readonly examples: ExamplesService,
    private readonly datasets: DatasetsService,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Watches the loader's status rather than starting it: main.ts starts loading after the server listens,
   * and apps built without main.ts (tests) never load examples, so nothing is registered there.
   */
  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Registers once loading is done; a failed registration is tried again at the next tick. */
  private async tick(): Promise<void> {
    if (this.busy) return;
    const state = this.examples.status().state;
    if (state === 'loading') return;
    if (state === 'failed') return this.stop();
    this.busy = true;
    try {
      await this.registerLoaded();
      this.stop();
    } catch (error) {
      // Examples are a convenience: a failure here must not take the server down.
      const message = (error as Error).message;
      if (++this.attempts < MAX_ATTEMPTS) {
        this.logger.warn(`Could not register the example datasets yet (${message}); trying again`);
      } else {
        this.logger.error(`Could not register the example datasets: ${message}`);
        this.stop();
      }
    } finally {
      this.busy = false;
    }
  }

  /** Registers the loaded tables that have no dataset yet; returns how many it created. Throws on failure. */
  async registerLoaded(): Promise<number> {
    const status = this.examples.status();
    if (status.state !== 'ready') return 0;
    const [db] = (await this.dataSource.query(`SELECT id FROM databases WHERE database_name = $1`, [
      EXAMPLES_DATABASE_NAME,
    ])) as { id: number }[];
    if (!db) return 0;
    let created = 0;
    for (const table of status.tables.filter((t) => t.loaded)) {
      if ((await this.datasets.registerTable(db.id, 'public', table.name)) !== null) created++;
    }
    if (created > 0) this.logger.log(`Registered ${created} example datasets`);
    return created;
  }
}

@Module({ imports: [ExamplesModule, DatasetsModule], providers: [ExampleDatasets] })
export class ExampleDatasetsModule {}
