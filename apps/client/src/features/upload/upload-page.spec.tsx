import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { UploadColumn, UploadTarget } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { UploadPage } from './UploadPage';
import { createUpload, type UploadApi, type UploadFeature } from './upload.feature';
import { formDataOf, type UploadForm, type UploadResult } from './upload-request';

const examples: UploadTarget = { id: 1, database_name: 'examples', allowsUpload: false, uploadSchemas: [] };
const warehouse: UploadTarget = { id: 3, database_name: 'warehouse', allowsUpload: true, uploadSchemas: [] };

let feature: UploadFeature;
afterEach(() => feature.dispose());

function start(api: Partial<UploadApi>, before: (f: UploadFeature) => void = () => undefined) {
  const schemasAsked: number[] = [];
  feature = createUpload(createTestContext(), {
    databases: () => Promise.resolve([examples, warehouse]),
    schemas: (id) => {
      schemasAsked.push(id);
      return Promise.resolve(['public', 'uploads']);
    },
    excelColumns: () => Promise.reject(new Error('not expected')),
    upload: () => Promise.reject(new Error('not expected')),
    ...api,
  });
  before(feature);
  feature.load();
  render(
    <MemoryRouter>
      <UploadPage upload={feature} />
    </MemoryRouter>,
  );
  return { schemasAsked };
}

const chooseFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('File (CSV or Excel)'), { target: { files: [file] } });

describe('Upload file to database', () => {
  it('sends the types the user edited, shows the progress, then links to the dataset', async () => {
    const sent: { form: UploadForm; data: FormData }[] = [];
    let progress: (fraction: number) => void = () => undefined;
    let finish: (result: UploadResult) => void = () => undefined;
    start({
      upload: (form, file, onProgress) => {
        sent.push({ form, data: formDataOf(form, file, 'sales.csv') });
        progress = onProgress;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Schema').value).toBe('public'));
    expect(screen.getByLabelText<HTMLSelectElement>('Database').value).toBe('3');
    chooseFile(
      new File(['city;qty;day\nParis;3;2024-01-02\nLyon;4;2024-02-03\n'], 'Sales 2024.csv', { type: 'text/csv' }),
    );
    fireEvent.change(screen.getByLabelText('Delimiter'), { target: { value: ';' } });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Type of qty').value).toBe('integer'));
    expect(screen.getByLabelText<HTMLSelectElement>('Type of day').value).toBe('date');
    expect(screen.getByLabelText<HTMLInputElement>('Table name').value).toBe('sales_2024');
    fireEvent.change(screen.getByLabelText('Type of qty'), { target: { value: 'float' } });
    fireEvent.change(screen.getByLabelText('Schema'), { target: { value: 'uploads' } });
    fireEvent.change(screen.getByLabelText('If the table exists'), { target: { value: 'replace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].data.get('column_types')).toBe(JSON.stringify({ city: 'text', qty: 'float', day: 'date' }));
    expect(Object.fromEntries([...sent[0].data.entries()].filter(([k]) => k !== 'file'))).toMatchObject({
      type: 'csv',
      table_name: 'sales_2024',
      schema: 'uploads',
      delimiter: ';',
      header_row: '0',
      already_exists: 'replace',
    });
    expect(sent[0].form.databaseId).toBe(3);
    act(() => progress(0.42));
    await waitFor(() => expect(screen.getByLabelText<HTMLProgressElement>('Upload progress').value).toBe(0.42));
    expect(screen.getByText('42%', { exact: false })).toBeInTheDocument();
    await act(async () =>
      finish({ database_id: 3, schema: 'uploads', table_name: 'sales_2024', rows: 2, dataset_id: 17 }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('2 rows loaded into uploads.sales_2024.');
    expect(screen.getByRole('link', { name: 'Open the dataset' })).toHaveAttribute('href', '/tablemodelview/edit/17');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/explore/?datasource_type=table&datasource_id=17',
    );
    expect(screen.getByRole('button', { name: 'Open in SQL Lab' })).toBeInTheDocument();
    // Every step is a fact of the page's log, the file by its name and size only.
    const types = feature.store.store.log$.value.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'upload/fileChosen',
        'upload/columnTypeChosen',
        'upload/uploadStarted',
        'upload/uploadFinished',
      ]),
    );
    const chosen = feature.store.store.log$.value.find((e) => e.type === 'upload/fileChosen')!;
    expect(chosen.data).toEqual({
      file: { name: 'Sales 2024.csv', size: 50, mediaType: 'text/csv', fileType: 'csv' },
    });
  });

  it('proposes the column types of an Excel file, read by the server, and lets them be edited', async () => {
    const asked: { name: string; headerRow: number | null }[] = [];
    const columns: UploadColumn[] = [
      { name: 'name', type: 'text' },
      { name: 'score', type: 'float' },
      { name: 'day', type: 'date' },
    ];
    const sent: UploadForm[] = [];
    start({
      excelColumns: (file, headerRow) => {
        asked.push({ name: (file as File).name, headerRow });
        return Promise.resolve(columns);
      },
      upload: (form) => {
        sent.push(form);
        return new Promise(() => undefined);
      },
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Schema').value).toBe('public'));
    chooseFile(new File(['PK…'], 'scores.xlsx'));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Type of score').value).toBe('float'));
    expect(asked).toEqual([{ name: 'scores.xlsx', headerRow: 0 }]);
    expect(screen.queryByLabelText('Delimiter')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Type of day'), { target: { value: 'timestamp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      type: 'excel',
      tableName: 'scores',
      columnTypes: { name: 'text', score: 'float', day: 'timestamp' },
    });
  });

  it('says the examples database refuses uploads before anything is filled, and offers it disabled', async () => {
    const { schemasAsked } = start({}, (f) => f.chooseDatabase(1)); // as the databases list's link for it
    expect(await screen.findByRole('alert')).toHaveTextContent('This database does not allow file uploads.');
    const option = screen.getByRole<HTMLOptionElement>('option', { name: 'examples (does not allow file uploads)' });
    expect(option.disabled).toBe(true);
    expect(screen.getByLabelText('File (CSV or Excel)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(schemasAsked).toEqual([]);
    fireEvent.change(screen.getByLabelText('Database'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText('File (CSV or Excel)')).toBeEnabled();
    await waitFor(() => expect(schemasAsked).toEqual([3]));
  });
});
