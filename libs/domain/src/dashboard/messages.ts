/**
 * The user-facing texts of dashboards, with the spec's exact wording (charts-dashboards-reports §5, §6)
 * where it gives one. Templates use `%s` (formatMessage).
 */
export const DashboardMessages = {
  /** charts-dashboards-reports §5. */
  NOT_ENOUGH_SPACE:
    'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  /** charts-dashboards-reports §5. */
  TOP_LEVEL_TAB_INTO_NESTED_TABS: 'Can not move top level tab into nested tabs',
  /** charts-dashboards-reports §5: a warning, not a refusal. */
  MOVED_TO_DIFFERENT_FILTER_SCOPE: 'This chart has been moved to a different filter scope.',
  /** charts-dashboards-reports §5. */
  NO_CHART_DEFINITION: 'Sorry, there is no chart definition associated with the chart trying to be added.',
  /** charts-dashboards-reports §5: the title a dashboard saved without one gets. */
  UNTITLED_DASHBOARD: '[ untitled dashboard ]',
  /** charts-dashboards-reports §6. */
  NO_PERMISSION_TO_PUBLISH: 'You do not have permissions to edit this dashboard.',
  NO_PERMISSION_TO_SAVE: 'You do not have permission to edit this dashboard',
  NO_PERMISSION_TO_EDIT_OBJECT: 'You do not have permission to edit this %s',
  /** charts-dashboards-reports §4: shown once a user's edits exceed the undo limit; "the limit value is not shown". */
  UNDO_LIMIT_EXCEEDED:
    'You have used all available undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
  // The texts below are Strata's own: the spec names the rule but not the words.
  DROP_FORBIDDEN: 'This component can not be dropped here.',
  COMPONENT_MISSING: 'This component no longer exists: someone else may have deleted it. Your change was not applied.',
  SOURCE_CHANGED: 'This component was moved or deleted by someone else meanwhile. Your change was not applied.',
  CANNOT_DELETE: 'This component can not be deleted.',
  DESTINATION_MISSING:
    'The place you dropped on no longer exists: someone else may have deleted it. Your change was not applied.',
  ID_TAKEN: 'A component with the id %s already exists.',
  ID_MISSING: 'This change needs a new id for the %s it creates.',
  CHART_ALREADY_ADDED: 'This chart is already on the dashboard.',
  WIDTH_TOO_SMALL: 'The width must be at least %s columns.',
  WIDTH_OUT_OF_RANGE: 'The width must be between %s and %s columns.',
  HEIGHT_OUT_OF_RANGE: 'The height must be between %s and %s grid units.',
  NOT_RESIZABLE: 'This component can not be resized.',
  NOT_EDITABLE: 'This component has no such setting.',
  LAST_TOP_LEVEL_TAB: 'The last top-level tab can not be deleted: remove the top-level tabs instead.',
  ALREADY_TOP_LEVEL_TABS: 'The dashboard already has top-level tabs.',
  TABS_TO_TOP_LEVEL:
    'Existing tabs can not be moved to the top level. Drop new Tabs above the dashboard to make top-level tabs, then move the content into them.',
  TEXT_CHANGED:
    'Someone else changed this text while you were editing it, so your change was not applied. Your text is kept: you can re-apply it.',
  NO_TOP_LEVEL_TABS: 'The dashboard has no top-level tabs.',
  LAYOUT_TOO_LARGE: 'Your dashboard is too large. Please reduce its size before saving it.',
  VERSION_CONFLICT:
    'This dashboard was changed by someone else since version %s (it is now at version %s). Reload it to get the latest version.',
  VERSION_UNKNOWN: 'Version %s of this dashboard does not exist.',
  NOTHING_TO_SAVE: 'There are no changes to save.',
  INVALID_LAYOUT: 'The layout is not valid: %s',
} as const;
