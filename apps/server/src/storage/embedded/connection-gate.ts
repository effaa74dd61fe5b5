/**
 * The embedded database's port, held by the server process rather than by the database's child
 * process. Each accepted connection is handed to the running child with its socket (the child then
 * talks to the client directly). While no child runs (a Stop or a timeout restarts it, or it died and
 * is being started again) new connections wait here, so a query sent during a restart is served by the
 * next process instead of being refused; past `waitMs` the client gets PostgreSQL's own "cannot connect
 * now" error (SQLSTATE 57P03), which the engines report as 503.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { ParentMessage } from './pglite-host';
import { fatalError } from './pg-wire';

interface Waiting {
  socket: Socket;
  timer: NodeJS.Timeout;
}

export class ConnectionGate {
  private target: ChildProcess | null = null;
  private readonly waiting = new Set<Waiting>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly waitMs: number,
    private readonly name: string,
  ) {}

  /** Listens on 127.0.0.1:`port` (0: any free port). */
  static async listen(port: number, waitMs: number, name: string): Promise<ConnectionGate> {
    // Paused: not one byte is read here, the child reads the whole conversation.
    const server = createServer({ pauseOnConnect: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const gate = new ConnectionGate(server, (server.address() as AddressInfo).port, waitMs, name);
    server.on('connection', (socket) => {
      // A client that gives up while it waits must not become an unhandled 'error' of this process.
      socket.on('error', () => undefined);
      gate.arrive(socket);
    });
    return gate;
  }

  /** From now on connections go to this process, the waiting ones first. */
  open(child: ChildProcess): void {
    this.target = child;
    for (const entry of [...this.waiting]) {
      this.forget(entry);
      this.handOver(entry.socket);
    }
  }

  /** The process is going away: new connections wait for the next one. */
  hold(): void {
    this.target = null;
  }

  /**
   * Stops listening at once. Not waiting for close's callback: for sockets handed to a child, Node waits
   * until that child has closed them all, which is the child's business (it closes them as it stops).
   */
  close(): void {
    this.target = null;
    for (const entry of [...this.waiting]) {
      this.forget(entry);
      entry.socket.destroy();
    }
    this.server.close();
  }

  private arrive(socket: Socket): void {
    if (this.target?.connected) return this.handOver(socket);
    const entry: Waiting = {
      socket,
      timer: setTimeout(() => {
        this.forget(entry);
        socket.end(
          fatalError(
            '57P03',
            `The embedded ${this.name} database is restarting and was not back within ${this.waitMs / 1000} s. Try again in a moment.`,
          ),
        );
      }, this.waitMs),
    };
    this.waiting.add(entry);
    socket.once('close', () => this.forget(entry));
  }

  private forget(entry: Waiting): void {
    clearTimeout(entry.timer);
    this.waiting.delete(entry);
  }

  private handOver(socket: Socket): void {
    const child = this.target;
    if (!child?.connected) return this.arrive(socket);
    const message: ParentMessage = { type: 'connection' };
    child.send(message, socket, (error) => {
      // The child died as the socket was being sent: if it is still ours, it waits for the next one.
      if (error && !socket.destroyed) this.arrive(socket);
    });
  }
}
