import { connect, createServer, type Socket } from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

export interface PasswordGate {
  port: number;
  close(): Promise<void>;
}

/**
 * A front door to the machine's PostgreSQL that asks for a password, as pg_hba's `password` method does.
 * The test PostgreSQL trusts every local login, so it never refuses a wrong password; behind this gate a
 * client with the wrong one gets PostgreSQL's own refusal (FATAL 28P01, "password authentication failed"),
 * and one with the right one is passed, startup message and all, to the real server. Speaks only the
 * startup part of the protocol (v3); everything after it is piped as bytes.
 */
export async function startPasswordGate(
  password: string,
  upstream: { host: string; port: number } = { host: '127.0.0.1', port: 5432 },
): Promise<PasswordGate> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((client) => {
    track(client);
    let buffered = Buffer.alloc(0);
    let waiting: (() => void) | null = null;
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      waiting?.();
    };
    client.on('data', onData);
    client.once('close', () => waiting?.());
    const take = async (n: number): Promise<Buffer> => {
      while (buffered.length < n) {
        if (client.destroyed) throw new Error('client gone');
        await new Promise<void>((done) => (waiting = done));
        waiting = null;
      }
      const head = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return head;
    };
    const passOn = (first: Buffer) => {
      client.off('data', onData);
      client.pause();
      const real = connect(upstream.port, upstream.host, () => {
        real.write(Buffer.concat([first, buffered]));
        client.pipe(real);
        real.pipe(client);
        client.resume();
      });
      track(real);
      real.once('close', () => client.destroy());
      client.once('close', () => real.destroy());
    };

    void (async () => {
      // An untyped startup packet: Int32 length, Int32 code; SSL and GSS requests are declined ('N').
      for (;;) {
        const length = (await take(4)).readInt32BE(0);
        const rest = await take(length - 4);
        const code = rest.readInt32BE(0);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          client.write('N');
          continue;
        }
        const packet = Buffer.concat([lengthOf(length), rest]);
        if (code === CANCEL_REQUEST) return passOn(packet);
        const user = startupParameter(rest.subarray(4), 'user');
        // AuthenticationCleartextPassword, then the client's PasswordMessage ('p').
        client.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
        const type = (await take(1)).toString('latin1');
        const answer = await take((await take(4)).readInt32BE(0) - 4);
        const given = answer.subarray(0, answer.indexOf(0)).toString('utf8');
        if (type === 'p' && given === password) return passOn(packet);
        client.end(fatal('28P01', `password authentication failed for user "${user}"`));
        return;
      }
    })().catch(() => client.destroy());
  });

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the password gate has no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function lengthOf(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
}

/** A value of the startup message's NUL-separated name/value pairs. */
function startupParameter(pairs: Buffer, name: string): string {
  const parts = pairs.toString('utf8').split('\0');
  const at = parts.indexOf(name);
  return at >= 0 && at % 2 === 0 ? parts[at + 1] : '';
}

/** An ErrorResponse ('E') with severity FATAL, as PostgreSQL ends a refused login. */
function fatal(sqlstate: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlstate}\0M${message}\0\0`, 'utf8');
  return Buffer.concat([Buffer.from('E'), lengthOf(fields.length + 4), fields]);
}
