import type {
  DataSource,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

interface Deferred {
  /** The query runner's transaction depth when the append ran (1 = outermost, more inside savepoints). */
  depth: number;
  run: () => void;
}

/**
 * Runs callbacks once the caller's transaction really commits: an append that joined a caller's
 * transaction (`AppendOptions.tx`) may only be pushed to sockets after that outer COMMIT, and must never
 * be pushed if it rolls back. TypeORM broadcasts transaction events to the DataSource's subscribers,
 * including the release of a savepoint, so the outer commit is the one after which the transaction is no
 * longer active.
 */
export class AfterCommit implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, Deferred[]>();

  constructor(private readonly dataSource: DataSource) {}

  defer(queryRunner: QueryRunner, run: () => void): void {
    // DataSource.initialize() replaces the subscriber list, so join it lazily rather than once at startup.
    if (!this.dataSource.subscribers.includes(this)) this.dataSource.subscribers.push(this);
    const list = this.pending.get(queryRunner) ?? [];
    list.push({ depth: depthOf(queryRunner), run });
    this.pending.set(queryRunner, list);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // only a savepoint was released: the outer transaction can still roll back
    const list = this.pending.get(runner);
    this.pending.delete(runner);
    for (const deferred of list ?? []) deferred.run();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const runner = event.queryRunner;
    const list = this.pending.get(runner);
    if (list === undefined) return;
    if (!runner.isTransactionActive) {
      this.pending.delete(runner);
      return;
    }
    // Rolled back to a savepoint: forget what was appended inside it, keep what came before.
    const depth = depthOf(runner);
    this.pending.set(
      runner,
      list.filter((d) => d.depth <= depth),
    );
  }
}

function depthOf(runner: QueryRunner): number {
  // PROBLEM: QueryRunner declares transactionDepth protected, but it is the only record of savepoint nesting.
  // SOLUTION: read it through a cast. WHEN TO REMOVE: if TypeORM exposes the depth or after-commit hooks.
  return (runner as unknown as { transactionDepth: number }).transactionDepth;
}
