import { newEditorQuery } from './query';
import { estimatePayload, executePayload, runRequestFromTab } from './run-request';
import { QID, tab } from '../testing/fixtures';

const editor = tab('a', 'Sales', {
  dbId: 2,
  schema: 'public',
  sql: 'SELECT 1;\nSELECT 2',
  selectedText: 'SELECT 2',
  queryLimit: 100,
  templateParams: '{"x":1}',
});

describe('SQL Lab runs from a tab', () => {
  it('issue §8: Run runs the whole SQL of the tab with its database, schema, limit and parameters', () => {
    expect(runRequestFromTab(editor, { id: QID, startDttm: 5, runAsync: false })).toMatchObject({
      id: QID,
      dbId: 2,
      sql: 'SELECT 1;\nSELECT 2',
      sqlEditorId: 'a',
      tab: 'Sales',
      schema: 'public',
      queryLimit: 100,
      templateParams: '{"x":1}',
      ctas: false,
    });
  });

  it('issue §8: run selection runs only the selected text', () => {
    expect(runRequestFromTab(editor, { id: QID, startDttm: 5, runAsync: false, selectionOnly: true })?.sql).toBe(
      'SELECT 2',
    );
  });

  it('nothing runs without a database or SQL', () => {
    expect(runRequestFromTab({ ...editor, dbId: null }, { id: QID, startDttm: 5, runAsync: false })).toBeNull();
    expect(runRequestFromTab({ ...editor, sql: '  ' }, { id: QID, startDttm: 5, runAsync: false })).toBeNull();
  });

  it('sqllab-and-platform §7: the execute body carries every field of the spec', () => {
    const query = newEditorQuery({
      ...runRequestFromTab(editor, {
        id: QID,
        startDttm: 5,
        runAsync: true,
        ctas: { method: 'VIEW', tableName: 'v1' },
      })!,
    });
    expect(executePayload(query)).toEqual({
      client_id: QID,
      database_id: 2,
      json: true,
      runAsync: true,
      catalog: null,
      schema: 'public',
      sql: 'SELECT 1;\nSELECT 2',
      sql_editor_id: 'a',
      tab: 'Sales',
      tmp_table_name: 'v1',
      select_as_cta: true,
      ctas_method: 'VIEW',
      templateParams: '{"x":1}',
      queryLimit: 100,
      expand_data: true,
    });
  });

  it('sqllab-and-platform §7: the estimate body is database_id, catalog, schema, sql, template_params (the selection when there is one)', () => {
    expect(estimatePayload(editor)).toEqual({
      database_id: 2,
      catalog: null,
      schema: 'public',
      sql: 'SELECT 2',
      template_params: '{"x":1}',
    });
    expect(estimatePayload({ ...editor, dbId: null })).toBeNull();
  });
});
