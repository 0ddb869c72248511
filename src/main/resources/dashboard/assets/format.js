// Numbers with their units and times in the browser's own time zone and locale.

const number = new Intl.NumberFormat(undefined);
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit',
});
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** The browser's time zone, e.g. "Europe/Berlin". */
export const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "14:03:27" today, "Nov 26, 14:03" another day; null for no time. */
export function time(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const today = new Date();
  return d.toDateString() === today.toDateString() ? timeOfDay.format(d) : dayAndTime.format(d);
}

/** The whole date and time with its zone, for a tooltip. */
export function fullTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : full.format(d);
}

/** "45 s", "3 min 20 s", "2 h 05 min"; "—" when unknown. */
export function duration(seconds) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** An actual figure over its estimate as the terminal writes it: "12x", "1.3x", "0.04x", "under 0.01x", "0x". */
export function ratio(actual, estimated) {
  const r = actual / estimated;
  if (r === 0) return '0x';
  if (r < 0.005) return 'under 0.01x';
  return `${r.toFixed(r >= 9.95 ? 0 : r >= 0.095 ? 1 : 2)}x`;
}

/** "850 tokens", "52K tokens", "1.2M tokens". */
export function tokens(n) {
  const value = Number(n || 0);
  return `${value < 10000 ? number.format(value) : compact.format(value)} tokens`;
}

/** "$0.2025", "$12.50": small amounts keep four decimals, since one model call can cost a fraction of a cent. */
export function usd(x) {
  const value = Number(x || 0);
  const digits = value !== 0 && Math.abs(value) < 1 ? 4 : 2;
  return new Intl.NumberFormat(undefined, {
    style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits,
  }).format(value);
}

/**
 * A usage's cost, never a guess: "$0.2025"; "unknown" when no call had a price (the server says null, older
 * logs 0 beside unpriced_calls); "$0.20 + unknown" when only some had one.
 */
export function costText(u) {
  const usage = u || {};
  const unpriced = Number(usage.unpriced_calls || 0);
  if (unpriced === 0) return usd(usage.cost_usd);
  return usage.cost_usd == null || Number(usage.cost_usd) === 0 ? 'unknown' : `${usd(usage.cost_usd)} + unknown`;
}

/** "40%" from 40.0. */
export function percent(p) {
  return new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 })
    .format(Number(p || 0) / 100);
}

export function count(n) {
  return number.format(Number(n || 0));
}

/** "1.2 s", "350 ms". */
export function millis(ms) {
  const value = Number(ms || 0);
  return value < 1000 ? `${number.format(Math.round(value))} ms` : `${(value / 1000).toFixed(1)} s`;
}

/** Seconds between two instants (or until now when `to` is missing). */
export function secondsBetween(from, to) {
  if (!from) return null;
  const end = to ? new Date(to) : new Date();
  return (end.getTime() - new Date(from).getTime()) / 1000;
}
