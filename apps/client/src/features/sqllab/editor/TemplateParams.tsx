import { useState } from 'react';

/** A JSON object, or null for an empty text; undefined when the text is not a JSON object. */
export function parseTemplateParams(text: string): string | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The template parameters of the tab (a JSON object the server renders into the SQL with Liquid).
 * The text is kept while typing; it is recorded when it leaves the box and is a valid object.
 */
export function TemplateParams({ value, onChange }: { value: string | null; onChange(params: string | null): void }) {
  // The text being typed, which may not be valid JSON yet.
  const [draft, setDraft] = useState(value ?? '');
  const parsed = parseTemplateParams(draft);
  return (
    <div className="sqllab-params">
      <label>
        <span className="muted">Template parameters (JSON), used as {'{{ name }}'} in the SQL</span>
        <textarea
          aria-label="Template parameters"
          rows={3}
          value={draft}
          placeholder='{"country": "France"}'
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            if (parsed !== undefined && parsed !== value) onChange(parsed);
          }}
        />
      </label>
      {parsed === undefined && (
        <p className="form-error" role="alert">
          Template parameters must be a JSON object.
        </p>
      )}
    </div>
  );
}
