export { ReportModal, type ReportModalProps } from './ReportModal';
export type { ReportTargetProp } from './report-form';
