/**
 * The default of a switch over a union: the `never` parameter fails compilation when a case is
 * missing; at run time an unknown event (from an imported or older log) leaves the state unchanged.
 */
export function unchanged<S>(_event: never, state: S): S {
  return state;
}
