import { createContext, useContext, type ReactNode } from 'react';
import type { Layout } from '@strata/domain';
import type { Peer } from '@strata/events';
import type { LayoutIntent } from './draft-session';

/** What every component of the edit grid reads: the draft shown, selection, presence and how to edit. */
export interface EditGridView {
  layout: Layout;
  /** A version viewed from the history: drawn, never edited. */
  readOnly: boolean;
  selectedId: string | null;
  select(id: string | null): void;
  /** Other editors by the component they have selected. */
  selections: Record<string, Peer[]>;
  execute(intent: LayoutIntent): boolean;
  newId(): string;
  escapeMarkdown: boolean;
  gridWidth: number;
  /** Draws a chart of the draft with its data, as view mode does; without it a chart shows its title. */
  renderChart?: (chartId: number, size: { width: number; height: number }, sliceName: string | undefined) => ReactNode;
}

export const EditGridContext = createContext<EditGridView | null>(null);

export function useEditGrid(): EditGridView {
  const view = useContext(EditGridContext);
  if (!view) throw new Error('useEditGrid needs an EditGridContext');
  return view;
}

/** A stable colour per user, for avatars and the outline of what they have selected. */
export function peerColor(userId: number): string {
  const palette = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
  return palette[Math.abs(userId) % palette.length]!;
}
