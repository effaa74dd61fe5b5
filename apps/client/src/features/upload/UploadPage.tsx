/**
 * "Upload file to database" (issue 15 item 3; Superset's + > Data > Upload CSV / Excel): a CSV or Excel
 * file into a database that allows uploads, with delimiter, header row, the inferred column types
 * (editable), and what to do when the table exists; a progress bar while it is sent, then links to the
 * new dataset, SQL Lab and Explore. Its state is the fold of the upload store (upload.feature.ts).
 */
import { Link } from 'react-router-dom';
import {
  mayUpload,
  UPLOAD_COLUMN_TYPES,
  uploadRefusal,
  type IfTableExists,
  type UploadColumnType,
  type UploadedTable,
} from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { OpenInSqlLab } from '../sqllab/OpenInSqlLab';
import type { UploadFeature } from './upload.feature';

export function UploadPage({ upload }: { upload: UploadFeature }) {
  const state = useStoreState(upload.store.state$);
  const { phase } = state;
  if (phase.kind === 'done') return <Uploaded result={phase.result} again={upload.again} />;

  const refusal = uploadRefusal(state);
  const sending = phase.kind === 'sending';
  const excel = state.file?.fileType === 'excel';
  const noneAllows = state.databases !== null && !state.databases.some((d) => d.allowsUpload);
  return (
    <form
      className="card upload-page"
      onSubmit={(e) => {
        e.preventDefault();
        upload.start();
      }}
    >
      <h1>Upload file to database</h1>
      {state.loadError && (
        <p role="alert" className="error">
          {state.loadError}
        </p>
      )}
      {noneAllows && <p>No database allows file uploads; switch it on in Database Connections.</p>}
      <label>
        Database
        <select
          aria-label="Database"
          value={state.databaseId ?? ''}
          onChange={(e) => upload.chooseDatabase(Number(e.target.value))}
        >
          {state.databaseId === null && <option value="">—</option>}
          {(state.databases ?? []).map((t) => (
            // A database that refuses uploads is shown, not offered: the server would refuse the file.
            <option key={t.id} value={t.id} disabled={!t.allowsUpload}>
              {t.allowsUpload ? t.database_name : `${t.database_name} (does not allow file uploads)`}
            </option>
          ))}
        </select>
      </label>
      {refusal && (
        <p role="alert" className="error">
          {refusal}
        </p>
      )}
      <fieldset
        disabled={refusal !== null || state.databaseId === null}
        className="upload-page__fields"
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        <label>
          Schema
          <select aria-label="Schema" value={state.schema} onChange={(e) => upload.chooseSchema(e.target.value)}>
            {state.schemas.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          File (CSV or Excel)
          <input
            type="file"
            accept=".csv,.tsv,.txt,.xlsx"
            onChange={(e) => upload.chooseFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label>
          Table name
          <input value={state.tableName} onChange={(e) => upload.typeTableName(e.target.value)} required />
        </label>
        {!excel && (
          <label>
            Delimiter
            <input
              value={state.delimiter}
              maxLength={1}
              size={2}
              onChange={(e) => e.target.value && upload.chooseDelimiter(e.target.value)}
            />
          </label>
        )}
        <label>
          Header row (from 0; empty: no header)
          <input
            value={state.headerRow ?? ''}
            inputMode="numeric"
            onChange={(e) => upload.chooseHeaderRow(e.target.value.trim() === '' ? null : Number(e.target.value) || 0)}
          />
        </label>
        <label>
          If the table exists
          <select
            aria-label="If the table exists"
            value={state.ifExists}
            onChange={(e) => upload.chooseIfExists(e.target.value as IfTableExists)}
          >
            <option value="fail">Fail</option>
            <option value="replace">Replace</option>
            <option value="append">Append</option>
          </select>
        </label>
      </fieldset>
      {state.inference.status === 'reading' && <p className="muted">Reading the columns of the file…</p>}
      {state.inference.status === 'failed' && (
        <p role="alert" className="error">
          {state.inference.message}
        </p>
      )}
      {state.columns.length > 0 && (
        <table className="upload-page__columns">
          <caption>Column types (inferred from the first rows)</caption>
          <tbody>
            {state.columns.map((c, i) => (
              <tr key={`${i}:${c.name}`}>
                <th scope="row">{c.name}</th>
                <td>
                  <select
                    aria-label={`Type of ${c.name}`}
                    value={c.type}
                    onChange={(e) => upload.chooseColumnType(i, e.target.value as UploadColumnType)}
                  >
                    {UPLOAD_COLUMN_TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {phase.kind === 'sending' && (
        <p>
          <progress aria-label="Upload progress" max={1} value={phase.fraction} /> {Math.round(phase.fraction * 100)}%
        </p>
      )}
      {phase.kind === 'failed' && (
        <p role="alert" className="error">
          {phase.message}
        </p>
      )}
      <button type="submit" disabled={!mayUpload(state) || sending}>
        Upload
      </button>
    </form>
  );
}

function Uploaded({ result, again }: { result: UploadedTable; again: () => void }) {
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
        <OpenInSqlLab query={{ datasourceKey: `${result.dataset_id}__table`, sql: `SELECT COUNT(*) FROM ${table}` }} />
      </p>
      <button type="button" onClick={again}>
        Upload another file
      </button>
    </div>
  );
}
