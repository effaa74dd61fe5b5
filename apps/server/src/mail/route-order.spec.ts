/**
 * `/api/v1/report/outbox/` must be registered before the reports' `/api/v1/report/:id`, which answers
 * 'outbox' with a 404. Nest registers controllers module by module in the order its scanner first meets
 * the modules (depth first from AppModule, a module before its imports); this walks AppModule's imports
 * the same way and checks MailModule comes first (CONTEXT.md "Routes").
 */
import { MODULE_METADATA } from '@nestjs/common/constants';
import { AppModule } from '../app.module';
import { ReportsModule } from '../reports/reports.module';
import { MailModule } from './mail.module';

type ModuleLike = { module?: unknown; imports?: unknown[]; forwardRef?: () => unknown } | (new () => unknown);

function scanOrder(root: unknown): unknown[] {
  const seen: unknown[] = [];
  const visit = (entry: ModuleLike) => {
    const resolved = (typeof entry === 'object' && entry.forwardRef ? entry.forwardRef() : entry) as ModuleLike;
    const type = typeof resolved === 'object' && resolved.module ? resolved.module : resolved;
    if (!type || seen.includes(type)) return;
    seen.push(type);
    const imports = [
      ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, type as object) as ModuleLike[] | undefined) ?? []),
      ...((typeof resolved === 'object' ? resolved.imports : undefined) ?? []),
    ] as ModuleLike[];
    imports.forEach(visit);
  };
  visit(root as ModuleLike);
  return seen;
}

it('the app meets MailModule (its outbox routes) before ReportsModule (its /:id route)', () => {
  const order = scanOrder(AppModule);
  expect(order.indexOf(MailModule)).toBeGreaterThan(-1);
  expect(order.indexOf(MailModule)).toBeLessThan(order.indexOf(ReportsModule));
});
