import { type OverwriteItem, type OverwriteConfirmation as Confirmation } from '@strata/domain';
import { PROPERTIES_CHANGED_ELSEWHERE } from './full-save';

/** A value as the user reads it: owners by name, text as typed, the rest as JSON. */
function shown(item: OverwriteItem, value: unknown, ownerNames: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined) return '(none)';
  if (item.keyPath === 'owners' && Array.isArray(value))
    return value.map((id) => ownerNames[String(id)] ?? `#${String(id)}`).join(', ') || '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value, null, 2);
}

/**
 * charts-dashboards-reports §3 overwrite confirmation: someone else saved the dashboard since the dialog read it. Lists, per
 * field and per json_metadata key, their latest saved value against the one the user is about to save.
 */
export function OverwriteConfirmation({
  confirmation,
  ownerNames,
}: {
  confirmation: Confirmation;
  ownerNames: Readonly<Record<string, string>>;
}) {
  return (
    <section className="dashboard-properties__overwrite" aria-label="Overwrite confirmation">
      <p role="alert">{PROPERTIES_CHANGED_ELSEWHERE}</p>
      {confirmation.items.length === 0 ? (
        <p>Nothing you save differs from their latest values.</p>
      ) : (
        <table aria-label="What saving would replace">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Latest saved</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {confirmation.items.map((item) => (
              <tr key={item.keyPath}>
                <th scope="row">
                  <code>{item.keyPath}</code>
                </th>
                <td>
                  <pre>{shown(item, item.oldValue, ownerNames)}</pre>
                </td>
                <td>
                  <pre>{shown(item, item.newValue, ownerNames)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
