/**
 * Each chart has its own Time object and so its own cache of `Intl.DateTimeFormat`s, which are slow to
 * make, and `update` empties it and fills in the month and weekday names again (38 dates formatted, four
 * formatters made, per chart). Charts in the same time zone share one cache (its key is the format and
 * the locale), and the names are made once per zone and locale.
 */
import type HighchartsNamespace from 'highcharts';

interface TimeInternals {
  timezone?: string;
  dTLCache: object;
  options: { locale?: unknown };
  lang?: { locale?: unknown };
}

const formatters = new Map<string, Record<string, Intl.DateTimeFormat>>();
/** Month and weekday names by zone, locale, date and format: a few dozen per locale. */
const names = new Map<string, string>();

export function shareDateFormats(Highcharts: typeof HighchartsNamespace): void {
  // `update` is where the names are made: its date formats are the ones kept.
  let naming = false;
  Highcharts.wrap(
    Highcharts.Time.prototype,
    'update',
    function (this: unknown, proceed: (o?: object) => void, o?: object) {
      naming = true;
      try {
        proceed.call(this, o);
      } finally {
        naming = false;
      }
    },
  );
  // Every formatter is asked for here, also by `update` after it has emptied the chart's own cache: so the
  // shared cache goes in at each call.
  Highcharts.wrap(
    Highcharts.Time.prototype,
    'dateTimeFormat',
    function (this: TimeInternals, proceed: (...args: unknown[]) => string, ...args: unknown[]) {
      const zone = this.timezone ?? '';
      let cache = formatters.get(zone);
      if (cache === undefined) formatters.set(zone, (cache = {}));
      this.dTLCache = cache;
      if (!naming || typeof args[0] !== 'object') return proceed.apply(this, args);
      const locale = args[2] ?? this.options.locale ?? this.lang?.locale ?? '';
      const key = `${zone}|${String(locale)}|${String(args[1])}|${JSON.stringify(args[0])}`;
      let name = names.get(key);
      if (name === undefined) names.set(key, (name = proceed.apply(this, args)));
      return name;
    },
  );
}
