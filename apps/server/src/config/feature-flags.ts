/**
 * Feature flags from the environment: one variable, FEATURE_FLAGS, a JSON object of flag name to boolean
 * (e.g. `{"GLOBAL_ASYNC_QUERIES": true}`), over the domain's defaults (DEFAULT_FEATURE_FLAGS). Strict: a
 * misspelt name or a non-boolean stops the boot with a message, instead of a feature silently left off.
 * SQLLAB_BACKEND_PERSISTENCE predates it and stays accepted as a shorthand for that one flag.
 */
import { FeatureFlag, featureFlagsSchema, resolveFeatureFlags, type FeatureFlags } from '@strata/domain';

export type ResolvedFeatureFlags = Record<FeatureFlag, boolean>;

const KNOWN = Object.values(FeatureFlag).join(', ');

/** The flags FEATURE_FLAGS (raw JSON text) and the shorthand set, or the problems found, each naming its variable. */
export function parseFeatureFlags(
  json: string | undefined,
  backendPersistence: boolean | undefined,
): { flags: ResolvedFeatureFlags; problems: string[] } {
  const problems: string[] = [];
  let overrides: FeatureFlags = {};
  if (json !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      value = undefined;
      problems.push(
        `FEATURE_FLAGS: must be a JSON object of flag names to true/false, e.g. {"GLOBAL_ASYNC_QUERIES": true}`,
      );
    }
    if (value !== undefined) {
      const parsed = featureFlagsSchema.safeParse(value);
      if (parsed.success) overrides = parsed.data;
      else problems.push(...parsed.error.issues.map((issue) => `FEATURE_FLAGS: ${describe(issue)}`));
    }
  }
  if (backendPersistence !== undefined) {
    const fromJson = overrides.SQLLAB_BACKEND_PERSISTENCE;
    if (fromJson !== undefined && fromJson !== backendPersistence) {
      problems.push(
        'SQLLAB_BACKEND_PERSISTENCE: disagrees with SQLLAB_BACKEND_PERSISTENCE in FEATURE_FLAGS; set it in one place.',
      );
    }
    overrides = { ...overrides, SQLLAB_BACKEND_PERSISTENCE: backendPersistence };
  }
  return { flags: resolveFeatureFlags(overrides), problems };
}

function describe(issue: { code: string; path: PropertyKey[]; message: string; keys?: string[] }): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown flag ${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')} (known: ${KNOWN})`;
  if (issue.path.length === 0)
    return `must be a JSON object of flag names to true/false, e.g. {"GLOBAL_ASYNC_QUERIES": true}`;
  return `${issue.path.map(String).join('.')} must be true or false`;
}
