// busboy 1.6 (a dependency of Nest's multer) ships no types; only what multipart.ts uses.
declare module 'busboy' {
  import type { Readable, Writable } from 'node:stream';
  import type { IncomingHttpHeaders } from 'node:http';
  namespace busboy {
    interface Busboy extends Writable {
      on(event: 'field', cb: (name: string, value: string) => void): this;
      on(event: 'file', cb: (name: string, file: Readable & { truncated?: boolean }) => void): this;
      on(event: 'error', cb: (err: unknown) => void): this;
      on(event: 'close', cb: () => void): this;
    }
    interface Config {
      headers: IncomingHttpHeaders;
      limits?: { fileSize?: number; files?: number; fields?: number };
    }
  }
  function busboy(config: busboy.Config): busboy.Busboy;
  export = busboy;
}
