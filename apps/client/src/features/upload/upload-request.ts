/**
 * `POST /api/v1/database/{id}/upload/` with upload progress. fetch cannot report how much of a request
 * body was sent, so this one request goes through XMLHttpRequest, with the same cookie and CSRF header
 * as the HttpClient's writes. The fields go before the file: the server reads them first (streaming).
 */
import type { HttpClient } from '../api/http-client';

export type ColumnType = 'text' | 'integer' | 'float' | 'boolean' | 'date' | 'timestamp';
export const COLUMN_TYPES: readonly ColumnType[] = ['text', 'integer', 'float', 'boolean', 'date', 'timestamp'];

export interface UploadForm {
  databaseId: number;
  type: 'csv' | 'excel';
  tableName: string;
  schema: string;
  delimiter: string;
  /** Row number (from 0) of the header, or null when the file has none. */
  headerRow: number | null;
  alreadyExists: 'fail' | 'replace' | 'append';
  columnTypes: Record<string, ColumnType>;
}

export interface UploadResult {
  database_id: number;
  schema: string | null;
  table_name: string;
  rows: number;
  dataset_id: number;
}

/** Sends the file; `onProgress` gets the fraction sent (0..1). Rejects with the server's message. */
export type UploadFile = (
  form: UploadForm,
  file: Blob,
  onProgress: (fraction: number) => void,
) => Promise<UploadResult>;

export function formDataOf(form: UploadForm, file: Blob, fileName: string): FormData {
  const data = new FormData();
  data.append('type', form.type);
  data.append('table_name', form.tableName);
  data.append('schema', form.schema);
  data.append('delimiter', form.delimiter);
  data.append('header_row', form.headerRow === null ? '' : String(form.headerRow));
  data.append('already_exists', form.alreadyExists);
  data.append('column_types', JSON.stringify(form.columnTypes));
  data.append('file', file, fileName);
  return data;
}

export function xhrUpload(http: HttpClient): UploadFile {
  return async (form, file, onProgress) => {
    const token = await http.csrfTokenForForm();
    const name = (file as File).name ?? (form.type === 'excel' ? 'upload.xlsx' : 'upload.csv');
    return new Promise<UploadResult>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/v1/database/${form.databaseId}/upload/`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('X-CSRFToken', token);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let body: { result?: UploadResult; message?: string } = {};
        try {
          body = JSON.parse(xhr.responseText) as typeof body;
        } catch {
          // not JSON: the status says enough
        }
        if (xhr.status >= 200 && xhr.status < 300 && body.result) resolve(body.result);
        else reject(new Error(body.message ?? `Upload failed (HTTP ${xhr.status}).`));
      };
      xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
      xhr.send(formDataOf(form, file, name));
    });
  };
}
