/**
 * "Upload file to database" (issue 15 item 3; Superset's + > Data > Upload CSV / Excel): a CSV or Excel
 * file into a database that allows uploads, with delimiter, header row, the inferred column types
 * (editable), and what to do when the table exists; a progress bar while it is sent, then links to the
 * new dataset, SQL Lab and Explore.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { OpenInSqlLab } from '../sqllab/OpenInSqlLab';
import { inferColumns, PREVIEW_BYTES, previewRows, type PreviewColumn } from './infer-types';
import { COLUMN_TYPES, type ColumnType, type UploadFile, type UploadForm, type UploadResult } from './upload-request';

export interface UploadTarget {
  id: number;
  database_name: string;
}

export interface UploadPageProps {
  /** Databases that allow uploads. */
  databases: () => Promise<UploadTarget[]>;
  schemas: (databaseId: number) => Promise<string[]>;
  upload: UploadFile;
}

type Phase =
  | { kind: 'editing' }
  | { kind: 'sending'; fraction: number }
  | { kind: 'done'; result: UploadResult }
  | { kind: 'failed'; message: string };

export function UploadPage({ databases, schemas, upload }: UploadPageProps) {
  const [targets, setTargets] = useState<UploadTarget[]>([]);
  const [schemaList, setSchemaList] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<PreviewColumn[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [form, setForm] = useState<Omit<UploadForm, 'columnTypes' | 'type'>>({
    databaseId: 0,
    tableName: '',
    schema: '',
    delimiter: ',',
    headerRow: 0,
    alreadyExists: 'fail',
  });
  const set = (changes: Partial<typeof form>) => setForm((f) => ({ ...f, ...changes }));
  const type: UploadForm['type'] = file && /\.xlsx?$/i.test(file.name) ? 'excel' : 'csv';

  useEffect(() => {
    void databases().then((list) => {
      setTargets(list);
      if (list[0]) setForm((f) => (f.databaseId ? f : { ...f, databaseId: list[0].id }));
    });
  }, [databases]);
  useEffect(() => {
    if (!form.databaseId) return;
    void schemas(form.databaseId).then((list) => {
      setSchemaList(list);
      setForm((f) =>
        list.includes(f.schema) ? f : { ...f, schema: list.includes('public') ? 'public' : (list[0] ?? '') },
      );
    });
  }, [form.databaseId, schemas]);
  // The proposed columns follow the file, its delimiter and header row (Excel: types are chosen by hand).
  useEffect(() => {
    if (!file || type === 'excel') return setColumns([]);
    let live = true;
    void readText(file.slice(0, PREVIEW_BYTES)).then((text) => {
      if (live) setColumns(inferColumns(previewRows(text, form.delimiter, file.size > PREVIEW_BYTES), form.headerRow));
    });
    return () => {
      live = false;
    };
  }, [file, type, form.delimiter, form.headerRow]);

  const pick = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && !form.tableName)
      set({
        tableName: chosen.name
          .replace(/\.[^.]*$/, '')
          .replace(/\W+/g, '_')
          .toLowerCase(),
      });
  };
  const setType = (index: number, columnType: ColumnType) =>
    setColumns((cs) => cs.map((c, i) => (i === index ? { ...c, type: columnType } : c)));
  const submit = () => {
    if (!file) return;
    setPhase({ kind: 'sending', fraction: 0 });
    const columnTypes = Object.fromEntries(columns.map((c) => [c.name, c.type]));
    upload({ ...form, type, columnTypes }, file, (fraction) => setPhase({ kind: 'sending', fraction })).then(
      (result) => setPhase({ kind: 'done', result }),
      (err: unknown) => setPhase({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
  };

  if (phase.kind === 'done') {
    const { result } = phase;
    const table = result.schema ? `${result.schema}.${result.table_name}` : result.table_name;
    return (
      <div className="card upload-page">
        <h1>Upload file to database</h1>
        <p role="status">
          {result.rows.toLocaleString('en-US')} rows loaded into {table}.
        </p>
        <p>
          <Link to={`/tablemodelview/edit/${result.dataset_id}`}>Open the dataset</Link> ·{' '}
          <Link to={`/explore/?datasource_type=table&datasource_id=${result.dataset_id}`}>Explore</Link> ·{' '}
          <OpenInSqlLab
            query={{ datasourceKey: `${result.dataset_id}__table`, sql: `SELECT COUNT(*) FROM ${table}` }}
          />
        </p>
        <button type="button" onClick={() => setPhase({ kind: 'editing' })}>
          Upload another file
        </button>
      </div>
    );
  }
  const sending = phase.kind === 'sending';
  return (
    <form
      className="card upload-page"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h1>Upload file to database</h1>
      {targets.length === 0 && <p>No database allows file uploads; switch it on in Database Connections.</p>}
      <label>
        File (CSV or Excel)
        <input type="file" accept=".csv,.tsv,.txt,.xlsx" onChange={(e) => pick(e.target.files?.[0] ?? null)} />
      </label>
      <label>
        Database
        <select
          aria-label="Database"
          value={form.databaseId}
          onChange={(e) => set({ databaseId: Number(e.target.value) })}
        >
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.database_name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Schema
        <select aria-label="Schema" value={form.schema} onChange={(e) => set({ schema: e.target.value })}>
          {schemaList.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Table name
        <input value={form.tableName} onChange={(e) => set({ tableName: e.target.value })} required />
      </label>
      {type === 'csv' && (
        <label>
          Delimiter
          <input value={form.delimiter} maxLength={1} size={2} onChange={(e) => set({ delimiter: e.target.value })} />
        </label>
      )}
      <label>
        Header row (from 0; empty: no header)
        <input
          value={form.headerRow ?? ''}
          inputMode="numeric"
          onChange={(e) => set({ headerRow: e.target.value.trim() === '' ? null : Number(e.target.value) || 0 })}
        />
      </label>
      <label>
        If the table exists
        <select
          aria-label="If the table exists"
          value={form.alreadyExists}
          onChange={(e) => set({ alreadyExists: e.target.value as UploadForm['alreadyExists'] })}
        >
          <option value="fail">Fail</option>
          <option value="replace">Replace</option>
          <option value="append">Append</option>
        </select>
      </label>
      {columns.length > 0 && (
        <table className="upload-page__columns">
          <caption>Column types (inferred from the first rows)</caption>
          <tbody>
            {columns.map((c, i) => (
              <tr key={`${i}:${c.name}`}>
                <th scope="row">{c.name}</th>
                <td>
                  <select
                    aria-label={`Type of ${c.name}`}
                    value={c.type}
                    onChange={(e) => setType(i, e.target.value as ColumnType)}
                  >
                    {COLUMN_TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {sending && (
        <p>
          <progress aria-label="Upload progress" max={1} value={phase.fraction} /> {Math.round(phase.fraction * 100)}%
        </p>
      )}
      {phase.kind === 'failed' && (
        <p role="alert" className="error">
          {phase.message}
        </p>
      )}
      <button type="submit" disabled={!file || !form.databaseId || !form.tableName || sending}>
        Upload
      </button>
    </form>
  );
}

/** FileReader rather than Blob.text(): the same in every browser and in the tests' jsdom. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(blob);
  });
}
