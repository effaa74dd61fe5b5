export function RolePicker({
  legend,
  roles,
  selected,
  onChange,
}: {
  legend: string;
  roles: readonly string[];
  selected: readonly string[];
  onChange: (roles: string[]) => void;
}) {
  const toggle = (role: string) =>
    onChange(selected.includes(role) ? selected.filter((r) => r !== role) : [...selected, role]);
  return (
    <fieldset className="role-picker">
      <legend>{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="role-picker__option">
          <input type="checkbox" checked={selected.includes(role)} onChange={() => toggle(role)} />
          {role}
        </label>
      ))}
    </fieldset>
  );
}
