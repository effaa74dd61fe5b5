/** Builds layouts for specs by running real commands, so fixtures can only be layouts the editor can make. */
import { DomainError } from '@strata/events';
import type { LayoutCommand, LayoutContext } from '../layout/layout.commands';
import { decideLayout } from '../layout/layout.decide';
import { evolveLayout } from '../layout/layout.decider';
import { emptyLayout } from '../layout/factory';
import type { CreatableType, Layout } from '../layout/types';

export class LayoutBuilder {
  constructor(
    public layout: Layout = emptyLayout(),
    private readonly actor = 'alice',
    private readonly context?: LayoutContext,
  ) {}

  run(command: Omit<LayoutCommand, 'actor'> & { actor?: string }): this {
    const events = decideLayout({ actor: this.actor, ...command } as LayoutCommand, this.layout, this.context);
    this.layout = events.reduce(evolveLayout, this.layout);
    return this;
  }

  /** Adds `id` of `type` into `parentId` at `index` (rows wrapped as `ROW-<id>`, first tab `TAB-<id>`). */
  add(type: CreatableType, id: string, parentId: string, index = 999, extra: Record<string, unknown> = {}): this {
    return this.run({
      type: 'CreateComponent',
      data: {
        id,
        componentType: type,
        destination: { parentId, index },
        rowId: `ROW-${id}`,
        tabId: `TAB-${id}`,
        ...extra,
      },
    } as LayoutCommand);
  }

  chart(chartId: number, parentId: string, index = 999, width?: number): this {
    return this.add('CHART', `CHART-${chartId}`, parentId, index, {
      chartId,
      sliceName: `Chart ${chartId}`,
      ...(width ? { meta: { width } } : {}),
    });
  }

  /** The DomainError code a command is refused with, or null when it is accepted. */
  refusal(command: Omit<LayoutCommand, 'actor'>): string | null {
    try {
      decideLayout({ actor: this.actor, ...command } as LayoutCommand, this.layout, this.context);
      return null;
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
  }
}
