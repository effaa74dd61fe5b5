/** What the title bar's writes say in a log (issue 13): dialogs opened, owner searches, writes and their answers. */
import { count, defineSummaries, quote } from '../../audit/summary';
import { dashboard, failure } from '../summary-words';
import type { DashboardPropertiesEvent, DashboardWrite } from './management';

const DIALOG: Readonly<Record<DashboardWrite, string>> = {
  publish: 'the publish toggle',
  properties: 'the properties dialog',
  css: 'the CSS editor',
  saveAs: 'the save-as dialog',
  delete: 'the delete confirmation',
};

/** A write under way or failed, before the dashboard's name: "saving the properties of" ... */
const DOING: Readonly<Record<DashboardWrite, string>> = {
  publish: 'changing the published state of',
  properties: 'saving the properties of',
  css: 'saving the CSS of',
  saveAs: 'saving a copy of',
  delete: 'deleting',
};

const DONE: Readonly<Record<DashboardWrite, string>> = {
  publish: 'changed the published state of',
  properties: 'saved the properties of',
  css: 'saved the CSS of',
  saveAs: 'saved a copy of',
  delete: 'deleted',
};

const words = (map: Readonly<Record<DashboardWrite, string>>, write: DashboardWrite) => map[write] ?? 'saving';

export const dashboardPropertiesSummaries = defineSummaries<DashboardPropertiesEvent>({
  context: 'dashboard properties',
  of: {
    'dashboardProperties/dialogOpened': (d, { who, objectName }) =>
      `${who} opened ${words(DIALOG, d.write)} of ${dashboard(objectName)}`,
    'dashboardProperties/ownersKnown': (d) => `the owners field started with ${count(d.owners.length, 'known user')}`,
    'dashboardProperties/ownerSearchStarted': (d, { who }) =>
      d.text.trim() === '' ? `${who} listed the users who may own it` : `${who} searched owners for ${quote(d.text)}`,
    'dashboardProperties/ownersFound': (d) =>
      `the owners search${d.text.trim() === '' ? '' : ` for ${quote(d.text)}`} found ${count(d.count, 'user')}`,
    'dashboardProperties/ownerSearchFailed': (d) =>
      `the owners search${d.text.trim() === '' ? '' : ` for ${quote(d.text)}`} failed: ${failure(d.message)}`,
    'dashboardProperties/rolesListed': (d) => `the role picker offers ${count(d.roles.length, 'role')}`,
    'dashboardProperties/writeStarted': (d, { who, objectName }) =>
      `${who} started ${words(DOING, d.write)} ${dashboard(objectName)}`,
    'dashboardProperties/written': (d, { who, objectName }) =>
      `${who} ${words(DONE, d.write)} ${dashboard(objectName)}`,
    'dashboardProperties/writeFailed': (d, { objectName }) =>
      `${words(DOING, d.write)} ${dashboard(objectName)} failed: ${failure(d.message)}`,
    'dashboardProperties/changedElsewhere': (d, { who, objectName }) =>
      `someone else saved ${dashboard(objectName)} first: ${who}'s ${count(d.items.length, 'change')} wait to overwrite it or be discarded`,
    'dashboardProperties/changesDiscarded': (d, { who, objectName }) =>
      `${who} dropped their edits for the latest saved ${d.write === 'css' ? 'CSS' : 'properties'} of ${dashboard(objectName)}`,
  },
});
