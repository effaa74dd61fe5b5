import { take, type Observable } from 'rxjs';
import { useObservableState } from 'observable-hooks';

/**
 * Binds a component to a store's state$. The stores' observables replay their current value on
 * subscribe; reading it up front makes the first render show it instead of a blank frame.
 */
export function useStoreState<S>(state$: Observable<S>): S {
  return useObservableState(state$, () => currentValue(state$));
}

export function currentValue<S>(state$: Observable<S>): S {
  let value: { current: S } | undefined;
  state$.pipe(take(1)).subscribe((v) => (value = { current: v }));
  if (value === undefined) throw new Error('currentValue needs an observable that replays its latest value');
  return value.current;
}
