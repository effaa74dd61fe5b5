/**
 * Reads a multipart upload as a stream (busboy): the text fields first, then the one file handed to
 * `onFile` as it arrives, never buffered whole. Past `limitBytes` the file stream fails with 413.
 * The client sends the fields before the file (the form does), so they are known when the rows start.
 */
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { fieldError, tooLarge } from './upload-request';

export function readMultipart<T>(
  req: Request,
  limitBytes: number,
  onFile: (fields: Record<string, string>, file: Readable) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: limitBytes, files: 1, fields: 50 } });
    } catch {
      reject(fieldError('file', 'Send the file as multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let work: Promise<T> | null = null;
    const fail = (err: unknown) => {
      req.unpipe(bb);
      req.resume(); // drain the rest so the connection can answer
      reject(err);
    };
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (_name, file) => {
      if (work) {
        file.resume();
        return;
      }
      file.on('limit', () => file.destroy(tooLarge(limitBytes)));
      // The reader sees the error when it reads next; until then nothing else listens.
      file.on('error', () => undefined);
      work = Promise.resolve()
        .then(() => onFile(fields, file))
        .then((result) => {
          if (file.truncated) throw tooLarge(limitBytes);
          return result;
        });
      work.then(resolve, (err: unknown) => {
        file.resume();
        fail(err);
      });
    });
    bb.on('error', fail);
    bb.on('close', () => {
      if (!work) reject(fieldError('file', 'No file in the upload.'));
    });
    req.pipe(bb);
  });
}
