import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DatabasesService } from '../databases/databases.service';
import { ExamplesDatabase } from '../storage/examples-database';
import { loadExamples, TableProgress } from './load/load-examples';
import { registerExamplesDatabase } from './register/register-examples';
import { DATASETS } from './source/datasets';

export interface ExamplesStatus {
  state: 'loading' | 'ready' | 'failed';
  error?: string;
  tables: { name: string; rows: number; expected_rows: number | null; loaded: boolean }[];
}

/**
 * Loads the example data in the background after the server listens (so /health answers at once) and
 * keeps its progress for GET /api/v1/examples/status, which the home page shows.
 */
@Injectable()
export class ExamplesService implements OnModuleDestroy {
  private readonly logger = new Logger('Examples');
  private state: ExamplesStatus['state'] = 'loading';
  private error?: string;
  private readonly tables = new Map<string, TableProgress>(
    DATASETS.map((d) => [d.table, { table: d.table, state: 'pending', rows: 0, expectedRows: null }]),
  );
  private running?: Promise<void>;
  private readonly abort = new AbortController();

  constructor(
    private readonly examples: ExamplesDatabase,
    private readonly databases: DatabasesService,
  ) {}

  /** Idempotent: later calls return the first run. Never rejects; failures show in status(). */
  loadInBackground(): Promise<void> {
    this.running ??= this.load();
    return this.running;
  }

  status(): ExamplesStatus {
    return {
      state: this.state,
      ...(this.error ? { error: this.error } : {}),
      tables: [...this.tables.values()].map((t) => ({
        name: t.table,
        rows: t.rows,
        expected_rows: t.expectedRows,
        loaded: t.state === 'loaded',
      })),
    };
  }

  async onModuleDestroy(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    try {
      await registerExamplesDatabase(this.databases, this.examples);
      const results = await loadExamples(this.examples, {
        onProgress: (p) => this.onProgress(p),
        signal: this.abort.signal,
      });
      if (this.abort.signal.aborted) return;
      const failed = results.filter((r) => r.state === 'failed');
      if (failed.length > 0) {
        this.fail(`Could not load ${failed.map((f) => `${f.table} (${f.error})`).join(', ')}`);
        return;
      }
      this.state = 'ready';
      const written = results.filter((r) => !r.skipped).length;
      this.logger.log(
        written === 0
          ? `Example data ready: ${results.length} tables already loaded`
          : `Example data ready: loaded ${written} of ${results.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private fail(message: string): void {
    this.state = 'failed';
    this.error = message;
    this.logger.error(`Example data failed to load: ${message}`);
  }

  private onProgress(progress: TableProgress): void {
    this.tables.set(progress.table, progress);
    const position = `[${[...this.tables.keys()].indexOf(progress.table) + 1}/${this.tables.size}]`;
    if (progress.state === 'loading') {
      this.logger.log(`${position} Loading example table ${progress.table} (${progress.expectedRows} rows)...`);
    } else if (progress.state === 'loaded' && !progress.skipped) {
      this.logger.log(`${position} Loaded ${progress.table}: ${progress.rows} rows in ${progress.ms} ms`);
    } else if (progress.state === 'failed') {
      this.logger.error(`${position} Failed to load ${progress.table}: ${progress.error}`);
    }
  }
}
