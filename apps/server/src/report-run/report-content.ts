/**
 * What a run sends, by report_format (REFERENCE §4.3), made as the schedule's executor: PNG and PDF drawn
 * by the report renderer (report-render/), CSV and XLSX the chart data API's full rows written by its own
 * writers (chart-data/export-format.ts), TEXT the same rows as a table in the mail's body.
 */
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { buildQueryContext, canDownloadCsv, type ReportFormat } from '@strata/domain';
import type { AddressInfo } from 'node:net';
import type { CurrentUser } from '../auth/current-user';
import { ChartDataService } from '../chart-data/chart-data.service';
import { ChartDatasources } from '../chart-data/chart-datasource';
import { toCsv, toXlsx, withReadableDates, type Table } from '../chart-data/export-format';
import { queryContextSchema } from '../chart-data/query-context.schema';
import { ChartsService } from '../charts/charts.service';
import { AppConfig } from '../config/app-config';
import type { MailAttachment } from '../mail/mail-message';
import { RenderError, ReportRenderer } from '../report-render/report-renderer.service';
import type { ReportRow } from '../reports/report-json';

export interface ReportContent {
  images: Buffer[];
  files: Omit<MailAttachment, 'cid'>[];
  table?: { columns: string[]; rows: unknown[][] };
}

/** A failure that trying again will not fix (a chart that fails, a missing chart, no permission). */
export class ContentError extends Error {}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Whether a render failure may pass on a second try: a timeout, a browser that died, a blank capture.
 * A chart that failed on the page fails again (its query is broken) and ends the run at once.
 */
export const transientRender = (error: unknown): boolean =>
  !(error instanceof ContentError) &&
  !(error instanceof RenderError && error.message.startsWith('The report cannot be sent:'));

@Injectable()
export class ReportContentMaker {
  constructor(
    private readonly renderer: ReportRenderer,
    private readonly charts: ChartsService,
    private readonly sources: ChartDatasources,
    private readonly chartData: ChartDataService,
    private readonly config: AppConfig,
    private readonly http: HttpAdapterHost,
  ) {}

  async make(report: ReportRow, executor: CurrentUser): Promise<ReportContent> {
    const format: ReportFormat = report.report_format;
    if (format === 'PNG' || format === 'PDF') {
      const target = report.chart_id !== null ? { chartId: report.chart_id } : { dashboardId: report.dashboard_id! };
      const out = await this.renderer.render(
        {
          target,
          userId: executor.id,
          format,
          width: report.custom_width,
          height: report.custom_height,
          dashboardView: report.dashboard_view,
        },
        this.ownAddress(),
      );
      return format === 'PNG'
        ? { images: [out.data], files: [] }
        : { images: [], files: [{ filename: 'report.pdf', contentType: out.contentType, content: out.data }] };
    }
    const { table, verboseMap } = await this.chartRows(report, executor);
    if (format === 'CSV')
      return {
        images: [],
        files: [{ filename: 'report.csv', contentType: 'text/csv', content: Buffer.from(toCsv(table, verboseMap)) }],
      };
    if (format === 'XLSX')
      return {
        images: [],
        files: [{ filename: 'report.xlsx', contentType: XLSX_TYPE, content: await toXlsx([table], verboseMap) }],
      };
    // Dates as readable text, as in the CSV (the chart data's JSON holds them as epoch ms).
    const readable = withReadableDates(table);
    return {
      images: [],
      files: [],
      table: {
        columns: readable.colnames.map((c) => verboseMap[c] ?? c),
        rows: readable.data.map((row) => readable.colnames.map((c) => row[c])),
      },
    };
  }

  /** The saved chart's query as Explore builds it, run by the chart data service: its full rows. */
  private async chartRows(report: ReportRow, executor: CurrentUser) {
    if (report.chart_id === null) throw new ContentError(`${report.report_format} needs a chart.`);
    if (!canDownloadCsv(executor))
      throw new ContentError("The report's owner may not download data (can_csv), so it cannot send rows.");
    const chart = await this.charts.get(report.chart_id, executor);
    if (!chart) throw new ContentError(`Chart ${report.chart_id} does not exist or its owner may not read it.`);
    const source = await this.sources.resolve(chart.datasource_id, chart.datasource_type, executor);
    const formData = { ...chart.form_data, result_type: 'full', result_format: 'json' };
    const built = buildQueryContext(formData, {
      id: source.dataset.id,
      type: 'table',
      columns: source.dataset.columns,
    });
    const context = queryContextSchema.parse({ ...built, force: report.force_screenshot });
    const results = await this.chartData.run(source, context);
    const table = results.find(
      (r): r is Table => typeof r === 'object' && r !== null && 'colnames' in r && 'data' in r,
    );
    if (!table) throw new ContentError(`Chart ${report.chart_id} has no rows to send.`);
    return { table, verboseMap: source.dataset.verbose_map };
  }

  /** Where Chromium reaches this server: the port it really listens on (0 in the config means any). */
  private ownAddress(): string {
    const server = this.http.httpAdapter?.getHttpServer() as
      { address?: () => AddressInfo | string | null } | undefined;
    const address = server?.address?.();
    const port = address && typeof address === 'object' ? address.port : this.config.port;
    return `http://127.0.0.1:${port}`;
  }
}
