import { Injectable } from '@nestjs/common';
import { canEditDashboard, canOverwriteChart, ErrorType, isAdmin } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';

export type RevertibleKind = 'chart' | 'dataset' | 'dashboard';

const TABLES: Record<RevertibleKind, string> = { chart: 'charts', dataset: 'datasets', dashboard: 'dashboards' };
const NOUNS: Record<RevertibleKind, string> = { chart: 'Chart', dataset: 'Dataset', dashboard: 'Dashboard' };

/**
 * A revert writes the object, so it needs the object's write right, checked per request as the PUT of
 * each object checks it (charts-dashboards-reports §6: owners, and admins). The owners come from the
 * read model: a permission check, not a decision.
 */
@Injectable()
export class RevertAccess {
  constructor(private readonly dataSource: DataSource) {}

  async check(kind: RevertibleKind, id: number, user: CurrentUser): Promise<void> {
    const rows = (await this.dataSource.query(`SELECT owners FROM ${TABLES[kind]} WHERE id = $1`, [id])) as {
      owners: number[];
    }[];
    const owners = rows[0]?.owners;
    if (owners === undefined)
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, `${NOUNS[kind]} not found.`);
    const allowed =
      kind === 'chart'
        ? canOverwriteChart(user, owners)
        : kind === 'dashboard'
          ? canEditDashboard(user, owners)
          : isAdmin(user) || owners.includes(user.id);
    if (!allowed)
      throw new StrataHttpException(
        403,
        ErrorType.MISSING_OWNERSHIP_ERROR,
        `Changing this ${NOUNS[kind]} is forbidden`,
      );
  }
}
