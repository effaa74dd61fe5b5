/**
 * A crontab in words for the list's Schedule column ("Every Monday at 09:00"), as Superset's AlertList
 * shows cronstrue's text. Only the shapes the report modal's picker makes are put in words; any other
 * crontab is shown as it is (the list also shows the raw crontab as the cell's title).
 */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const num = (field: string, max: number) => (/^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : null);
const two = (n: number) => String(n).padStart(2, '0');

function daysInWords(field: string): string | null {
  if (field === '1-5') return 'weekday';
  if (field === '0,6' || field === '6,0') return 'Saturday and Sunday';
  const days = field.split(',').map((d) => num(d, 7));
  if (days.some((d) => d === null)) return null;
  const names = (days as number[]).map((d) => DAYS[d % 7]);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function cronInWords(crontab: string): string {
  const fields = crontab.trim().split(/\s+/);
  if (fields.length !== 5) return crontab;
  const [minute, hour, dom, month, dow] = fields;
  if (fields.every((f) => f === '*')) return 'Every minute';
  const m = num(minute, 59);
  const step = /^\*\/(\d{1,2})$/.exec(minute);
  if (step && hour === '*' && dom === '*' && month === '*' && dow === '*') return `Every ${step[1]} minutes`;
  if (m === null) return crontab;
  if (hour === '*' && dom === '*' && month === '*' && dow === '*') return `Every hour at minute ${m}`;
  const h = num(hour, 23);
  if (h === null || month !== '*') return crontab;
  const at = `at ${two(h)}:${two(m)}`;
  if (dom === '*' && dow === '*') return `Every day ${at}`;
  if (dom === '*') {
    const days = daysInWords(dow);
    return days ? `Every ${days} ${at}` : crontab;
  }
  const d = num(dom, 31);
  if (d !== null && d > 0 && dow === '*') return `Monthly on day ${d} ${at}`;
  return crontab;
}
