// Pieces the pages share: status badges, progress bars, task counts, budget use, error text.
import { ApiError, Offline } from './api.js';
import { h } from './dom.js';
import { tokens, usd, percent, count, duration, costText } from './format.js';

const STATUS_TEXT = {
  created: 'created', queued: 'queued', planning: 'planning', running: 'running', paused: 'paused',
  interrupted: 'interrupted', completed: 'completed', failed: 'failed', cancelled: 'cancelled',
  pending: 'pending', in_progress: 'running',
};

/** A coloured badge with the status as text (colour is never the only sign); the reason in its tooltip. */
export function statusBadge(status, reason) {
  return h('span', { class: `badge s-${status}`, title: reason || undefined }, STATUS_TEXT[status] || status);
}

export function progressBar(value) {
  const p = Math.max(0, Math.min(100, Number(value || 0)));
  const fill = h('span', { class: 'fill' });
  fill.style.width = `${p}%`; // through the CSSOM: the page's policy allows no style attributes
  return h('div', { class: 'progress' },
    h('div', {
      class: 'bar', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': Math.round(p),
      'aria-label': 'progress',
    }, fill),
    h('span', { class: 'pct' }, percent(p)));
}

/** "2 of 5 done", then the tasks running, failed, pending or cancelled, when there are any. */
export function taskCounts(t) {
  if (!t || !t.total) return h('span', { class: 'sub' }, 'no tasks yet');
  const more = [
    t.running ? h('span', { class: 'c-running' }, `${count(t.running)} running`) : null,
    t.failed ? h('span', { class: 'c-failed' }, `${count(t.failed)} failed`) : null,
    t.pending ? h('span', { class: 'c-pending' }, `${count(t.pending)} pending`) : null,
    t.cancelled ? h('span', { class: 'c-cancelled' }, `${count(t.cancelled)} cancelled`) : null,
  ].filter(Boolean);
  const details = [];
  more.forEach((p, i) => { if (i) details.push(' · '); details.push(p); });
  return h('span', { class: 'counts' }, h('span', { class: 'c-done' }, `${count(t.completed)} of ${count(t.total)} done`),
    details.length ? h('span', { class: 'sub more' }, details) : null);
}

/** A usage's cost (costText), and when a call had no price, why it is unknown in the tooltip. */
export function cost(u) {
  const unpriced = Number((u || {}).unpriced_calls || 0);
  if (unpriced === 0) return costText(u);
  return h('span', { class: 'unpriced', title: `${count(unpriced)} model ${unpriced === 1 ? 'call' : 'calls'} had no`
    + ' price for the model, so the cost is unknown, not $0; add a price for the model (docs/models.md)' }, costText(u));
}

/** How much of its budget a run has used: the tightest of tokens and cost, and the time limit if any. */
export function budgetUsed(run) {
  const b = run.budget || {};
  const u = run.usage || {};
  const shares = [];
  if (b.max_cost_usd) {
    shares.push({ share: Number(u.cost_usd || 0) / Number(b.max_cost_usd), text: `${costText(u)} of ${usd(b.max_cost_usd)}` });
  }
  if (b.max_tokens) {
    const used = Number(u.input_tokens || 0) + Number(u.output_tokens || 0);
    shares.push({ share: used / Number(b.max_tokens), text: `${tokens(used)} of ${tokens(b.max_tokens)}` });
  }
  const limit = b.max_time_s ? `time limit ${duration(b.max_time_s)}` : null;
  if (shares.length === 0) return limit || h('span', { class: 'sub' }, 'no limit');
  const tightest = shares.reduce((a, c) => (c.share > a.share ? c : a));
  return h('span', { title: shares.map((s) => s.text).join('; ') + (limit ? `; ${limit}` : '') },
    `${percent(100 * tightest.share)} (${tightest.text})`);
}

/** What to tell a person about a failed request. */
export function errorText(e) {
  if (e instanceof Offline) return 'the server does not answer; the page retries by itself';
  if (e instanceof ApiError) return e.message;
  return String(e && e.message ? e.message : e);
}
