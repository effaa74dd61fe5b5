import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { UploadPage } from './UploadPage';
import { formDataOf, type UploadForm, type UploadResult } from './upload-request';

describe('Upload file to database', () => {
  it('sends the types the user edited, shows the progress, then links to the dataset', async () => {
    const sent: { form: UploadForm; data: FormData }[] = [];
    let progress: (fraction: number) => void = () => undefined;
    let finish: (result: UploadResult) => void = () => undefined;
    render(
      <MemoryRouter>
        <UploadPage
          databases={() => Promise.resolve([{ id: 3, database_name: 'warehouse' }])}
          schemas={() => Promise.resolve(['public', 'uploads'])}
          upload={(form, file, onProgress) => {
            sent.push({ form, data: formDataOf(form, file, 'sales.csv') });
            progress = onProgress;
            return new Promise((resolve) => (finish = resolve));
          }}
        />
      </MemoryRouter>,
    );
    const file = new File(['city;qty;day\nParis;3;2024-01-02\nLyon;4;2024-02-03\n'], 'Sales 2024.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('File (CSV or Excel)'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Delimiter'), { target: { value: ';' } });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Type of qty').value).toBe('integer'));
    expect(screen.getByLabelText<HTMLSelectElement>('Type of day').value).toBe('date');
    expect(screen.getByLabelText<HTMLInputElement>('Table name').value).toBe('sales_2024');
    fireEvent.change(screen.getByLabelText('Type of qty'), { target: { value: 'float' } });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Schema').value).toBe('public'));
    fireEvent.change(screen.getByLabelText('Schema'), { target: { value: 'uploads' } });
    fireEvent.change(screen.getByLabelText('If the table exists'), { target: { value: 'replace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(sent).toHaveLength(1);
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
    progress(0.42);
    await waitFor(() => expect(screen.getByLabelText<HTMLProgressElement>('Upload progress').value).toBe(0.42));
    expect(screen.getByText('42%', { exact: false })).toBeInTheDocument();
    finish({ database_id: 3, schema: 'uploads', table_name: 'sales_2024', rows: 2, dataset_id: 17 });
    expect(await screen.findByRole('status')).toHaveTextContent('2 rows loaded into uploads.sales_2024.');
    expect(screen.getByRole('link', { name: 'Open the dataset' })).toHaveAttribute('href', '/tablemodelview/edit/17');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/explore/?datasource_type=table&datasource_id=17',
    );
    expect(screen.getByRole('button', { name: 'Open in SQL Lab' })).toBeInTheDocument();
  });
});
