import { useEffect, useRef } from 'react';
import ace from 'ace-builds';
import 'ace-builds/src-noconflict/mode-sql';
import langTools from 'ace-builds/src-noconflict/ext-language_tools';
import { usePageAceTheme } from '../../theme/ace-theme';
import { completionsFor, type CompletionWords } from './completions';

// STACK.md trap 8: Vite cannot load Ace's worker scripts; SQL mode needs none.
ace.config.setDefaultValue('session', 'useWorker', false);

interface AceCompletion {
  caption: string;
  value: string;
  meta: string;
  score: number;
}

export interface SqlEditorProps {
  value: string;
  /**
   * The tab shown. One editor serves every tab (a tab whose id changes when the server adopts it
   * must not lose focus mid-typing); a new tab starts a fresh undo history.
   */
  tabId: string;
  /** The value is what this editor typed, recorded a moment ago: never written back (see isTypedEcho). */
  echo?: boolean;
  words: CompletionWords;
  onChange(sql: string): void;
  onSelectionChange(selectedText: string): void;
  /** Ctrl+Enter / Cmd+Enter: run the selection if any, else everything. */
  onRun(): void;
  height?: number | string;
  /** Shows the text without letting it be edited (a session replay). */
  readOnly?: boolean;
}

/**
 * The SQL editor: Ace in SQL mode with autocomplete of keywords, schemas, every table of the selected
 * schema and the columns of tables whose metadata is known (Known pains: autocomplete that only knows
 * opened tables). Ace owns the text while typing; the prop is pushed in only when it differs (undo of a
 * tab operation, format, a loaded saved query), so the cursor never jumps while typing.
 */
export function SqlEditor({
  value,
  tabId,
  echo = false,
  words,
  onChange,
  onSelectionChange,
  onRun,
  height = '100%',
  readOnly = false,
}: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<ace.Ace.Editor | null>(null);
  // Handlers and words change every render; Ace's listeners read them through refs.
  const latest = useRef({ onChange, onSelectionChange, onRun, words });
  latest.current = { onChange, onSelectionChange, onRun, words };
  // True while Ace is given a text from outside: its change events are not the user typing.
  const pushing = useRef(false);
  // Created with the page's theme; the hook switches the editor when the page switches.
  const theme = usePageAceTheme(editor);
  const createdTheme = useRef(theme);

  useEffect(() => {
    const instance = ace.edit(host.current!, {
      mode: 'ace/mode/sql',
      theme: createdTheme.current,
      value,
      fontSize: 14,
      // Ace measures lines with this font; a fallback with a taller underscore gets it clipped.
      fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", monospace',
      showPrintMargin: false,
      enableBasicAutocompletion: true,
      enableLiveAutocompletion: true,
      wrap: false,
      readOnly,
    });
    const schemaCompleter = {
      identifierRegexps: [/[a-zA-Z_0-9$\-\u00A2-\uFFFF]/],
      getCompletions(
        _e: unknown,
        _s: unknown,
        _p: unknown,
        prefix: string,
        callback: (error: null, list: AceCompletion[]) => void,
      ) {
        callback(null, completionsFor(latest.current.words, prefix));
      },
    };
    // PROBLEM: with the default line height the underscore of DejaVu Sans Mono falls below the line
    // box and is clipped ("flights_200k" reads "flights 200k"). SOLUTION: a taller line, re-measured.
    // WHEN TO REMOVE: if Ace measures glyph descent itself.
    instance.container.style.lineHeight = '1.5';
    instance.renderer.updateFontSize();
    instance.completers = [langTools.keyWordCompleter, schemaCompleter];
    instance.commands.addCommand({
      name: 'runQuery',
      bindKey: { win: 'Ctrl-Enter', mac: 'Command-Enter|Ctrl-Enter' },
      exec: () => latest.current.onRun(),
    });
    instance.on('change', () => {
      if (!pushing.current) latest.current.onChange(instance.getValue());
    });
    instance.selection.on('changeSelection', () => latest.current.onSelectionChange(instance.getSelectedText()));
    editor.current = instance;
    return () => {
      instance.destroy();
      editor.current = null;
    };
    // The editor is created once; later values arrive through the effect below.
  }, []);

  const shownTab = useRef(tabId);
  useEffect(() => {
    const instance = editor.current;
    const switched = shownTab.current !== tabId;
    shownTab.current = tabId;
    // An echo of our own typing arrives after later keystrokes: writing it back would erase them.
    if (!instance || (echo && !switched) || instance.getValue() === value) return;
    pushing.current = true;
    try {
      instance.setValue(value, 1);
    } finally {
      pushing.current = false;
    }
  }, [value, tabId, echo]);

  useEffect(() => {
    editor.current?.session.getUndoManager().reset();
  }, [tabId]);

  useEffect(() => {
    editor.current?.resize();
  });

  return (
    <div
      ref={host}
      className="sql-editor"
      data-testid="sql-editor"
      aria-label="SQL editor"
      style={{ height, width: '100%' }}
    />
  );
}
