/**
 * The few PostgreSQL wire-protocol messages the embedded database's own code writes and reads: the
 * parent's refusal while no database process runs, and the host's password check. Self-contained (no
 * imports outside this folder): host-script.ts transpiles it for the child process.
 */

export const PROTOCOL_3 = 196608;

/** A backend message: type byte, int32 length (itself included), body. */
export function backendMessage(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

export const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

export const cstring = (text: string): Buffer => Buffer.from(`${text}\0`, 'utf8');

/** A FATAL ErrorResponse: the client's connect() rejects with `code` and `message`. */
export function fatalError(code: string, message: string): Buffer {
  return backendMessage(
    'E',
    cstring('SFATAL'),
    cstring('VFATAL'),
    cstring(`C${code}`),
    cstring(`M${message}`),
    Buffer.from([0]),
  );
}

/** The parameters of a StartupMessage (user, database...), or null when it is not one. */
export function startupParameters(message: Uint8Array): Record<string, string> | null {
  const buf = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  if (buf.length < 8 || buf.readInt32BE(4) !== PROTOCOL_3) return null;
  const fields = buf.subarray(8).toString('utf8').split('\0');
  const params: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length && fields[i] !== ''; i += 2) params[fields[i]] = fields[i + 1];
  return params;
}
