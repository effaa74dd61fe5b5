export function RolePicker({
  legend,
  roles,
  selected,
  locked = {},
  onChange,
}: {
  legend: string;
  roles: readonly string[];
  selected: readonly string[];
  /** Roles whose box may not be changed here, with the reason (shown as the box's title). */
  locked?: Readonly<Record<string, string>>;
  onChange: (roles: string[]) => void;
}) {
  const toggle = (role: string) =>
    onChange(selected.includes(role) ? selected.filter((r) => r !== role) : [...selected, role]);
  return (
    <fieldset className="role-picker">
      <legend>{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="role-picker__option" title={locked[role]}>
          <input
            type="checkbox"
            checked={selected.includes(role)}
            disabled={locked[role] !== undefined}
            title={locked[role]}
            onChange={() => toggle(role)}
          />
          {role}
        </label>
      ))}
    </fieldset>
  );
}
