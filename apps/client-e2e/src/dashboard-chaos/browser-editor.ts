/**
 * A chaos editor in Chromium: it edits through the UI (palette, component menu, markdown field, Undo,
 * Redo, Save, Discard, reload), and the test reads what it sends and receives on its socket (Playwright's
 * websocket frames), so it knows each command's ack and the draft version the page holds without any
 * hook in the product. Its layout is checked on screen: every container drawn lists the server's
 * children, in order.
 */
import type { AckMessage } from '@strata/events';
import type { Layout } from '@strata/domain';
import type { AckedCommand } from '@strata/domain/testing';
import type { Page } from 'playwright-core';
import { until, Wakeups } from './until';

type Sent = AckedCommand['sent'] & { commandId: string };

/** socket.io's text frame of an event: `42["strata",{...}]`. */
function wireMessage(payload: string | Buffer): { type?: string; [k: string]: unknown } | null {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  if (!text.startsWith('42')) return null;
  const [name, message] = JSON.parse(text.slice(2)) as [string, { type?: string }];
  return name === 'strata' ? message : null;
}

export class BrowserEditor {
  /** Commands the page sent (once per command id, whatever it resent) and their acks. */
  private readonly sent = new Map<string, Sent>();
  private readonly acks = new Map<string, AckMessage>();
  readonly problems: string[] = [];
  /** The highest draft version the page received. */
  version = 0;
  private readonly wake = new Wakeups();
  private reported = 0;

  constructor(
    readonly who: string,
    readonly page: Page,
    private readonly stream: string,
    private readonly editUrl: string,
  ) {
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => this.onSent(wireMessage(payload)));
      ws.on('framereceived', ({ payload }) => this.onReceived(wireMessage(payload)));
    });
  }

  get acked(): AckedCommand[] {
    return [...this.sent.values()].flatMap((sent) => {
      const ack = this.acks.get(sent.commandId);
      return ack ? [{ sent, ack }] : [];
    });
  }

  get sentCount(): number {
    return this.sent.size;
  }

  async open(): Promise<void> {
    await this.page.goto(this.editUrl);
    await this.page.getByTestId('edit-grid').waitFor();
  }

  /** Every command the page sent has its ack and the page holds `version`. */
  async caughtUp(version: number): Promise<void> {
    await until(
      this.wake,
      () => this.version >= version && [...this.sent.keys()].every((id) => this.acks.has(id)),
      `${this.who}'s page to hold version ${version} with every command acked`,
    );
  }

  /** Each rejection since the last call is on the author's screen, in the server's words. */
  async rejectionsShown(): Promise<void> {
    const acked = this.acked.filter((a) => a.ack.result === 'rejected');
    for (const { sent, ack } of acked.slice(this.reported)) {
      const message = (ack as Extract<AckMessage, { result: 'rejected' }>).message;
      await this.page
        .getByText(message, { exact: false })
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => this.problems.push(`${this.who} was not shown the rejection of ${sent.command.type}: ${message}`));
    }
    this.reported = acked.length;
  }

  /** Waits until every container on screen lists the server's children in order; else says where not. */
  async showsLayout(layout: Layout): Promise<string[]> {
    const children = Object.fromEntries(Object.values(layout).map((item) => [item.id, item.children]));
    try {
      await this.page.waitForFunction(
        (expected) => {
          const drawn = document.querySelectorAll('[data-testid="edit-grid"] [data-droppable-id]');
          return (
            drawn.length > 0 &&
            Array.from(drawn).every((c) => {
              const ids = Array.from(c.children)
                .map((el) => el.getAttribute('data-component-id'))
                .filter((id) => id !== null);
              return JSON.stringify(ids) === JSON.stringify(expected[c.getAttribute('data-droppable-id')!] ?? null);
            })
          );
        },
        children,
        { timeout: 20_000 },
      );
      return [];
    } catch {
      const drawn = await this.page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="edit-grid"] [data-droppable-id]')).map((c) => ({
          id: c.getAttribute('data-droppable-id')!,
          ids: Array.from(c.children)
            .map((el) => el.getAttribute('data-component-id'))
            .filter((id) => id !== null),
        })),
      );
      const wrong = drawn.filter((c) => JSON.stringify(c.ids) !== JSON.stringify(children[c.id] ?? null));
      return [`${this.who}'s screen differs from the server's draft: ${JSON.stringify({ wrong, children })}`];
    }
  }

  private onSent(message: ReturnType<typeof wireMessage>): void {
    if (message?.type !== 'command' || message.stream !== this.stream) return;
    const { commandId, batchId, command } = message as unknown as Sent & { command: Sent['command'] };
    if (!this.sent.has(commandId)) this.sent.set(commandId, { who: this.who, commandId, batchId, command });
  }

  private onReceived(message: ReturnType<typeof wireMessage>): void {
    if (!message) return;
    if ((message.type === 'subscribed' || message.type === 'events') && message.stream === this.stream) {
      for (const e of message.events as { version: number }[]) this.version = Math.max(this.version, e.version);
    } else if (message.type === 'ack') {
      const ack = message as unknown as AckMessage;
      // A command resent after a reload may be answered again: the same answer, never a different one.
      const first = this.acks.get(ack.commandId);
      if (first && first.result !== ack.result)
        this.problems.push(`${this.who}: ${ack.commandId} answered twice, differently`);
      if (!first) this.acks.set(ack.commandId, ack);
    }
    this.wake.all();
  }
}
