/**
 * A role's (permission, view) pairs as checkboxes grouped by view, as FAB's role form lists them. The
 * choices are every pair some role has (Admin's are every built-in one), so an admin composes a custom
 * role from the rights Strata checks.
 */
const key = ([permission, view]: readonly [string, string]) => `${permission}\u0000${view}`;

export function PermissionChecklist({
  choices,
  selected,
  onChange,
}: {
  choices: readonly (readonly [string, string])[];
  selected: readonly [string, string][];
  onChange: (pairs: [string, string][]) => void;
}) {
  const chosen = new Set(selected.map(key));
  const byView = new Map<string, string[]>();
  for (const [permission, view] of choices) byView.set(view, [...(byView.get(view) ?? []), permission]);
  const toggle = (pair: [string, string]) =>
    onChange(chosen.has(key(pair)) ? selected.filter((p) => key(p) !== key(pair)) : [...selected, pair]);
  return (
    <div className="permission-checklist">
      {[...byView.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([view, permissions]) => (
          <fieldset key={view} className="role-picker">
            <legend>{view}</legend>
            {[...new Set(permissions)].sort().map((permission) => (
              <label key={permission} className="role-picker__option">
                <input
                  type="checkbox"
                  aria-label={`${permission} on ${view}`}
                  checked={chosen.has(key([permission, view]))}
                  onChange={() => toggle([permission, view])}
                />
                {permission}
              </label>
            ))}
          </fieldset>
        ))}
    </div>
  );
}
