/**
 * Under DASHBOARD_RBAC a native filter lets every viewer of its dashboard read the values of the column it
 * targets (chart-data/dashboard-data-access.ts), so an editor may only add targets on datasets they may
 * read themselves: the filters endpoint, the full save, create and copy all pass here. Targets the
 * dashboard already had (put there by someone who could) stay, so an owner can still save the rest.
 */
import { Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { DatasetsService } from '../datasets/datasets.service';

interface Target {
  datasetId: number;
  column: string;
}

const key = (t: Target) => `${t.datasetId}\u0000${t.column}`;

/** The dataset columns the native filters of a json_metadata (object or JSON text) target. */
export function nativeFilterTargets(metadata: unknown): Target[] {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const config = (value as { native_filter_configuration?: unknown } | null)?.native_filter_configuration;
  if (!Array.isArray(config)) return [];
  return config.flatMap((filter: { targets?: unknown }) =>
    (Array.isArray(filter?.targets) ? (filter.targets as { datasetId?: unknown; column?: { name?: unknown } }[]) : [])
      .filter((t) => Number.isSafeInteger(Number(t?.datasetId)) && t?.datasetId !== null && t?.datasetId !== undefined)
      .map((t) => ({
        datasetId: Number(t.datasetId),
        column: typeof t.column?.name === 'string' ? t.column.name : '',
      })),
  );
}

@Injectable()
export class FilterDatasets {
  constructor(private readonly datasets: DatasetsService) {}

  /** 403 when `next` targets a dataset column `before` did not, on a dataset the user cannot read. */
  async checkNewTargets(next: unknown, before: unknown, user: CurrentUser): Promise<void> {
    const kept = new Set(nativeFilterTargets(before).map(key));
    const added = [
      ...new Set(
        nativeFilterTargets(next)
          .filter((t) => !kept.has(key(t)))
          .map((t) => t.datasetId),
      ),
    ];
    for (const datasetId of added) {
      if (!(await this.datasets.get(datasetId, user))) {
        throw new StrataHttpException(
          403,
          ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
          `A native filter cannot target dataset ${datasetId}: it does not exist or you have no access to it.`,
        );
      }
    }
  }
}
