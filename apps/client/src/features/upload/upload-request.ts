/**
 * `POST /api/v1/database/{id}/upload/` with upload progress. fetch cannot report how much of a request
 * body was sent, so this one request goes through XMLHttpRequest, with the same cookie and CSRF header
 * as the HttpClient's writes. The fields go before the file: the server reads them first (streaming).
 */
import type { IfTableExists, UploadColumn, UploadColumnType, UploadedTable, UploadFileType } from '@strata/domain';
import type { HttpClient } from '../api/http-client';

export interface UploadForm {
  databaseId: number;
  type: UploadFileType;
  tableName: string;
  schema: string;
  delimiter: string;
  /** Row number (from 0) of the header, or null when the file has none. */
  headerRow: number | null;
  alreadyExists: IfTableExists;
  columnTypes: Record<string, UploadColumnType>;
}

export type UploadResult = UploadedTable;

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
  return (form, file, onProgress) => {
    const name = (file as File).name ?? (form.type === 'excel' ? 'upload.xlsx' : 'upload.csv');
    return xhrPostForm<{ result?: UploadResult }>(
      http,
      `/api/v1/database/${form.databaseId}/upload/`,
      formDataOf(form, file, name),
      onProgress,
    ).then((body) => {
      if (!body.result) throw new Error('The server did not say what was loaded.');
      return body.result;
    });
  };
}

/**
 * The columns and types of an Excel file's first sheet, read by the server (`upload_metadata/`): an
 * .xlsx is a zip the browser cannot read in part, so the whole file is sent once.
 */
export function excelColumns(http: HttpClient) {
  return async (file: Blob, headerRow: number | null): Promise<UploadColumn[]> => {
    const data = new FormData();
    data.append('type', 'excel');
    data.append('header_row', headerRow === null ? '' : String(headerRow));
    data.append('file', file, (file as File).name ?? 'upload.xlsx');
    const body = await xhrPostForm<{ result?: { items: { columns: UploadColumn[] }[] } }>(
      http,
      '/api/v1/database/upload_metadata/',
      data,
      () => undefined,
    );
    return body.result?.items[0]?.columns ?? [];
  };
}

/** A multipart POST with the session's cookie and CSRF header; rejects with the server's message. */
async function xhrPostForm<T>(
  http: HttpClient,
  path: string,
  data: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const token = await http.csrfTokenForForm();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', http.url(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: the status says enough
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new Error(body.message ?? `Upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.send(data);
  });
}
