import { isEmptyValue, type Validator } from '../../platform/validators/validators';
import { controlDef, type ControlContext, type ControlDef } from './control-defs';
import { vizControlNames } from './viz-panels';
import type { FormData } from './types';

/**
 * charts-dashboards-reports §5: a select without free-form input drops values that are not among its choices: a single value
 * becomes null, a multi value keeps the valid ones. Other controls keep what they were given.
 */
export function normalizeControlValue(def: ControlDef, value: unknown): unknown {
  if (def.kind !== 'select' || def.freeForm || !def.choices) return value;
  const allowed = (v: unknown) => def.choices!.some(([choice]) => choice === v);
  if (def.multi)
    return Array.isArray(value) ? value.filter(allowed) : isEmptyValue(value) ? [] : allowed(value) ? [value] : [];
  return allowed(value) ? value : null;
}

/** The messages of a control for a value, 'Row limit is expected to be an integer' style fragments. */
export function validateControlValue(def: ControlDef, value: unknown, ctx: ControlContext): string[] {
  const validators: readonly Validator[] = def.validators?.(ctx) ?? [];
  const messages = validators.map((v) => v(value)).filter((m): m is string => m !== null);
  return [...new Set(messages)];
}

/**
 * Validation errors of the controls the form's viz type shows, by control name. Hidden controls (group
 * by in raw mode, rolling periods without a rolling function) do not block (charts-dashboards-reports §5 query modes).
 */
export function validateFormData(formData: FormData, ctx: ControlContext): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const name of vizControlNames(formData.viz_type)) {
    const def = controlDef(name);
    if (!def || def.hiddenWhen?.(formData)) continue;
    const messages = validateControlValue(def, formData[name], ctx);
    if (messages.length > 0) errors[name] = messages;
  }
  return errors;
}

/** The controls the panel shows for this form data, in order. */
export function visibleControls(formData: FormData): ControlDef[] {
  return vizControlNames(formData.viz_type)
    .map(controlDef)
    .filter((d): d is ControlDef => d !== undefined && !d.hiddenWhen?.(formData));
}
