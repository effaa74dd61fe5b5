export { ReportModal, type ReportModalProps } from './ReportModal';
export type { ReportTargetProp } from './report-form';
export { ManageEmailReports, useReportMenu, type ReportMenu } from './report-menu';
