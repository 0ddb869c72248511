// The runs page: the runs the server knows, newest first a page at a time, live, with a filter by status and the form
// that submits a new run.
import { ApiError, Offline } from './api.js';
import { h, fill, debounce } from './dom.js';
import { time, fullTime, duration, tokens, count, timeZone } from './format.js';
import { statusBadge, progressBar, budgetUsed, taskCounts, errorText, cost } from './parts.js';

const FILTERS = [
  { key: 'all', label: 'All', statuses: null },
  { key: 'active', label: 'Active', statuses: ['created', 'queued', 'planning', 'running'] },
  { key: 'paused', label: 'Paused', statuses: ['paused', 'interrupted'] },
  { key: 'completed', label: 'Completed', statuses: ['completed'] },
  { key: 'failed', label: 'Failed', statuses: ['failed'] },
  { key: 'cancelled', label: 'Cancelled', statuses: ['cancelled'] },
];

/** The events that change what a row shows. */
const WATCHED = ['run.*', 'session.started', 'round.started', 'plan.accepted', 'task.*', 'director.decided',
  'report.written', 'llm.call', 'approval.*', 'error.recorded'];

/** Runs a page of GET /api/runs brings; a reload asks for as many as are shown, up to the API's most. */
const PAGE = 100;
const MOST = 500;

const COLUMNS = ['Run', 'Status', 'Progress', 'Tasks', 'ETA', 'Tokens', 'Cost', 'Budget used', 'Queue', 'Updated'];

export class RunsPage {
  constructor(api, params) {
    this.api = api;
    this.runs = new Map();
    this.rows = new Map();
    this.stale = new Set();
    this.filter = FILTERS.some((f) => f.key === params.get('status')) ? params.get('status') : 'all';
    this.loaded = false;
    this.next = null; // the cursor of the runs older than those shown, null when none are
    this.older = h('button', { type: 'button', class: 'link older', hidden: true, onclick: () => this.loadOlder() },
      'Show older runs');
    this.roots = [];
    this.refreshStale = debounce(() => this.readStale(), 300);
    this.waiting = new Map();
    this.refreshWaiting = debounce(() => this.loadWaiting(), 300);
    this.tbody = h('tbody');
    this.empty = h('div', { class: 'empty', hidden: true });
    this.filters = h('div', { class: 'filters', role: 'group', 'aria-label': 'Show runs by status' });
    this.listError = h('p', { class: 'error', role: 'alert', hidden: true });
    this.form = new RunForm(api, (run) => this.add(run));
    this.element = h('div', { class: 'runs-page' },
      h('div', { class: 'page-head' },
        h('h1', {}, 'Runs'),
        h('p', { class: 'hint' }, `Times in ${timeZone}.`)),
      this.form.element,
      h('section', { class: 'panel', 'aria-labelledby': 'runs-title' },
        h('h2', { id: 'runs-title', class: 'visually-hidden' }, 'All runs'),
        this.filters, this.listError, this.empty,
        h('div', { class: 'table-wrap' },
          h('table', { class: 'runs' },
            h('thead', {}, h('tr', {}, COLUMNS.map((c) => h('th', { scope: 'col' }, c)))),
            this.tbody)),
        this.older));
  }

  start() {
    this.load();
    this.stream = this.api.stream({
      types: WATCHED,
      onEvent: (runId, event) => this.changed(runId, event),
      onOpen: () => this.load(), // again: what changed before the subscription took hold
    });
    this.clock = setInterval(() => this.tick(), 5000);
  }

  dispose() {
    if (this.stream) this.stream.close();
    clearInterval(this.clock);
    this.refreshStale.cancel();
    this.refreshWaiting.cancel();
  }

  reconnected() {
    this.load();
  }

  /** The newest runs again, as many as are shown (older pages beyond the API's most stay as they were read). */
  async load() {
    try {
      const limit = Math.min(MOST, Math.max(PAGE, this.runs.size));
      const [page, health] = await Promise.all([this.api.get(`/api/runs?limit=${limit}`),
        this.api.get('/api/health')]);
      this.roots = health.roots || [];
      this.listError.hidden = true;
      const seen = new Set();
      for (const run of page.runs) {
        seen.add(run.run_id);
        this.runs.set(run.run_id, run);
      }
      // a run the page should have held and did not is gone; older ones were not asked about
      const oldest = page.runs.length ? page.runs[page.runs.length - 1].run_id : null;
      for (const id of [...this.runs.keys()]) {
        if (!seen.has(id) && (!page.next || oldest === null || id > oldest)) this.runs.delete(id);
      }
      if (!page.next || this.runs.size <= page.runs.length) this.next = page.next;
      this.loaded = true;
      this.render();
      this.loadWaiting();
    } catch (e) {
      if (!(e instanceof Offline)) {
        this.listError.hidden = false;
        this.listError.textContent = `The runs cannot be listed: ${errorText(e)}`;
      }
    }
  }

  /** The page after the oldest run shown. */
  async loadOlder() {
    if (!this.next) return;
    this.older.disabled = true;
    try {
      const page = await this.api.get(`/api/runs?limit=${PAGE}&cursor=${encodeURIComponent(this.next)}`);
      for (const run of page.runs) this.runs.set(run.run_id, run);
      this.next = page.next;
      this.listError.hidden = true;
      this.render();
    } catch (e) {
      if (!(e instanceof Offline)) {
        this.listError.hidden = false;
        this.listError.textContent = `The older runs cannot be listed: ${errorText(e)}`;
      }
    } finally {
      this.older.disabled = false;
    }
  }

  add(run) {
    this.runs.set(run.run_id, run);
    this.render();
  }

  changed(runId, event) {
    this.stale.add(runId);
    this.refreshStale();
    if (event && String(event.type).startsWith('approval.')) this.refreshWaiting();
  }

  /** How many questions wait for a person in each run (only a foreground run in ask mode asks). */
  async loadWaiting() {
    try {
      const { approvals } = await this.api.get('/api/approvals?state=waiting');
      this.waiting = new Map();
      for (const a of approvals || []) this.waiting.set(a.run, (this.waiting.get(a.run) || 0) + 1);
      this.render();
    } catch (e) {
      // read again on the next approval event or reconnect
    }
  }

  /** Live runs' ETA and elapsed time move without events. */
  tick() {
    for (const run of this.runs.values()) {
      if (run.progress) this.stale.add(run.run_id);
    }
    if (this.stale.size > 0) this.refreshStale();
  }

  async readStale() {
    const ids = [...this.stale];
    this.stale.clear();
    // a run becoming queued or done moves others in the queue: read them all in one request when many changed
    if (ids.length > 5 || ids.some((id) => !this.runs.has(id))) {
      await this.load();
      return;
    }
    for (const id of ids) {
      try {
        this.runs.set(id, await this.api.get(`/api/runs/${encodeURIComponent(id)}`));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) this.runs.delete(id);
      }
    }
    this.render();
  }

  render() {
    // in the API's order, greatest run id first (ids begin with their creation time), so older pages go below
    const all = [...this.runs.values()].sort((a, b) => (a.run_id < b.run_id ? 1 : a.run_id > b.run_id ? -1 : 0));
    this.older.hidden = !this.next;
    this.renderFilters(all);
    const wanted = FILTERS.find((f) => f.key === this.filter).statuses;
    const shown = wanted ? all.filter((r) => wanted.includes(r.status)) : all;
    const keep = new Set(shown.map((r) => r.run_id));
    for (const [id, row] of this.rows) {
      if (!keep.has(id)) {
        row.remove();
        this.rows.delete(id);
      }
    }
    let previous = null;
    for (const run of shown) {
      let row = this.rows.get(run.run_id);
      if (!row) {
        row = h('tr', { dataset: { run: run.run_id } });
        this.rows.set(run.run_id, row);
      }
      fillRow(row, run, this.waiting.get(run.run_id) || 0);
      const expected = previous ? previous.nextSibling : this.tbody.firstChild;
      if (expected !== row) this.tbody.insertBefore(row, expected);
      previous = row;
    }
    this.renderEmpty(all, shown);
    this.form.setWorkdirs([...this.roots, ...all.map((r) => r.workspace).filter(Boolean)]);
    if (this.loaded && all.length === 0) this.form.open();
    document.dispatchEvent(new CustomEvent('longtask:pool'));
  }

  renderFilters(all) {
    if (this.filters.childElementCount === 0) {
      for (const f of FILTERS) {
        this.filters.append(h('button', {
          type: 'button', class: 'chip', dataset: { filter: f.key },
          onclick: () => this.choose(f.key),
        }));
      }
    }
    for (const button of this.filters.children) {
      const f = FILTERS.find((x) => x.key === button.dataset.filter);
      const n = f.statuses ? all.filter((r) => f.statuses.includes(r.status)).length : all.length;
      // of the runs shown: with older ones not read yet, at least that many
      button.textContent = `${f.label} (${count(n)}${this.next ? '+' : ''})`;
      button.setAttribute('aria-pressed', String(f.key === this.filter));
    }
  }

  choose(key) {
    this.filter = key;
    history.replaceState(null, '', key === 'all' ? '#/' : `#/?status=${key}`);
    this.render();
  }

  renderEmpty(all, shown) {
    if (!this.loaded || shown.length > 0) {
      this.empty.hidden = true;
      return;
    }
    this.empty.hidden = false;
    if (all.length === 0) {
      fill(this.empty, h('h3', {}, 'No runs yet'),
        h('p', {}, 'Submit one with the form above, or from a terminal: ',
          h('code', {}, 'longtask submit "GOAL" --workdir DIR'), '. Runs started with ',
          h('code', {}, 'longtask run'), ' in a workspace this server knows show up here too.'));
    } else {
      const f = FILTERS.find((x) => x.key === this.filter);
      fill(this.empty, h('p', {}, `No ${f.label.toLowerCase()} runs${this.next ? ' among the newest' : ''}. `,
        h('button', { type: 'button', class: 'link', onclick: () => this.choose('all') }, 'Show all runs')));
    }
  }
}

function fillRow(row, run, waiting) {
  const link = `#/runs/${encodeURIComponent(run.run_id)}`;
  const pool = run.pool;
  const t = run.tasks || {};
  const cells = [
    h('td', { class: 'run-cell' },
      h('a', { href: link, class: 'goal' }, run.goal || run.run_id),
      h('span', { class: 'sub' }, run.run_id, ' · ', basename(run.workspace))),
    h('td', {}, statusBadge(run.status, run.status_reason || (pool && pool.note)),
      run.error ? h('span', { class: 'sub error' }, run.error) : null,
      waiting ? h('a', { href: link, class: 'waiting' },
        waiting === 1 ? '1 approval waits' : `${count(waiting)} approvals wait`) : null),
    h('td', {}, progressBar(progressOf(run))),
    h('td', {}, taskCounts(t)),
    h('td', {}, run.progress ? duration(run.progress.eta_s) : '—'),
    h('td', { class: 'num' }, tokens((run.usage || {}).input_tokens + (run.usage || {}).output_tokens)),
    h('td', { class: 'num' }, cost(run.usage)),
    h('td', {}, budgetUsed(run)),
    h('td', {}, queueText(pool)),
    h('td', {}, h('time', { datetime: run.updated || '', title: fullTime(run.updated) }, time(run.updated))),
  ];
  cells.forEach((cell, i) => cell.setAttribute('data-label', COLUMNS[i]));
  replaceChanged(row, cells);
}

/** Puts in only the cells that changed, so focus and a selection in the others stay. */
export function replaceChanged(row, cells) {
  if (row.children.length !== cells.length) {
    fill(row, cells);
    return;
  }
  cells.forEach((cell, i) => {
    const old = row.children[i];
    if (old.outerHTML !== cell.outerHTML) {
      const hadFocus = old.contains(document.activeElement) ? document.activeElement.getAttribute('href') : null;
      row.replaceChild(cell, old);
      const again = hadFocus && cell.querySelector(`a[href="${CSS.escape(hadFocus)}"]`);
      if (again) again.focus();
    }
  });
}

export function progressOf(run) {
  if (run.progress) return run.progress.percent;
  const t = run.tasks || {};
  // As the runtime computes it: done of the tasks still wanted (failed ones count as not done, cancelled as not wanted).
  const wanted = (t.total || 0) - (t.cancelled || 0);
  return wanted > 0 ? (100 * (t.completed || 0)) / wanted : 0;
}

function queueText(pool) {
  if (!pool) return h('span', { class: 'sub', title: 'made by longtask run; not in this server\'s pool' }, 'not pooled');
  const parts = [];
  if (pool.queue_position) parts.push(`#${count(pool.queue_position)} in queue`);
  parts.push(`priority ${pool.priority}`);
  if (pool.foreground) parts.push('foreground');
  return parts.join(' · ');
}

function basename(path) {
  if (!path) return '';
  const parts = String(path).split('/').filter(Boolean);
  return parts.length ? parts[parts.length - 1] : path;
}

/** The form of POST /api/runs; the API checks it, and each refusal shows beside the field it names. */
class RunForm {
  constructor(api, submitted) {
    this.api = api;
    this.submitted = submitted;
    this.fields = {};
    this.status = h('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
    this.button = h('button', { type: 'submit', class: 'primary' }, 'Submit run');
    const field = (name, label, input, help) => {
      const id = `f-${name.replace('.', '-')}`;
      const error = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
      input.id = id;
      input.name = name;
      if (help) input.setAttribute('aria-describedby', `${id}-help`);
      this.fields[name] = { input, error };
      return h('div', { class: `field field-${name.replace('.', '-')}` },
        h('label', { for: id }, label), input,
        help ? h('p', { class: 'help', id: `${id}-help` }, help) : null, error);
    };
    const text = (attrs) => h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', ...attrs });
    this.workdirs = h('datalist', { id: 'workdirs' });
    this.element = h('details', { class: 'panel new-run' },
      h('summary', {}, h('span', { class: 'summary-title' }, 'New run')),
      h('form', { novalidate: true, onsubmit: (e) => { e.preventDefault(); this.submit(); } },
        h('div', { class: 'grid' },
          field('goal', 'Goal', h('textarea', { rows: 3, placeholder: 'What the run must achieve' })),
          field('workdir', 'Workdir', text({ list: 'workdirs', placeholder: 'a directory under the server\'s roots' }),
            'Relative paths start at the first root.'),
          field('model', 'Model', text({ placeholder: 'the workspace\'s model' }),
            'e.g. openai:gpt-4.1, anthropic:claude-sonnet-4-5, ollama:qwen3'),
          field('priority', 'Priority', text({ inputmode: 'numeric', value: '0' }),
            '-1000 to 1000; higher starts first.'),
          field('concurrency', 'Concurrency', text({ inputmode: 'numeric', placeholder: 'the workspace\'s' }),
            'Tasks at once inside this run, 1 to 64.'),
          field('budgets.max_cost_usd', 'Max cost (USD)', text({ inputmode: 'decimal', placeholder: 'no limit' })),
          field('budgets.max_tokens', 'Max tokens', text({ inputmode: 'numeric', placeholder: 'no limit' })),
          field('budgets.max_time', 'Max time', text({ placeholder: 'no limit, or 30m, 2h' })),
          field('approval', 'Approval', h('select', {},
            h('option', { value: 'auto' }, 'auto: tool calls run unless a rule denies them'),
            h('option', { value: 'read-only' }, 'read-only: no writes, edits or shell'),
            h('option', { value: 'ask' }, 'ask: writes, edits and shell wait for you'))),
          field('foreground', 'Foreground', h('input', { type: 'checkbox' }),
            'The run you drive: it starts at once, outside the pool, and may ask you (approval ask).')),
        this.workdirs,
        h('div', { class: 'actions' }, this.button, this.status)));
  }

  open() {
    this.element.open = true;
  }

  body() {
    const value = (name) => this.fields[name].input.value.trim();
    const numeric = (name) => {
      const raw = value(name);
      if (raw === '') return undefined;
      const n = Number(raw);
      return Number.isFinite(n) ? n : raw;
    };
    const body = { goal: this.fields.goal.input.value, workdir: value('workdir') };
    if (value('model')) body.model = value('model');
    for (const name of ['priority', 'concurrency']) {
      const n = numeric(name);
      if (n !== undefined) body[name] = n;
    }
    const budgets = {};
    for (const name of ['max_cost_usd', 'max_tokens']) {
      const n = numeric(`budgets.${name}`);
      if (n !== undefined) budgets[name] = n;
    }
    if (value('budgets.max_time')) budgets.max_time = numeric('budgets.max_time');
    if (Object.keys(budgets).length) body.budgets = budgets;
    body.approval = value('approval');
    if (this.fields.foreground.input.checked) body.foreground = true;
    return body;
  }

  clearErrors() {
    for (const { input, error } of Object.values(this.fields)) {
      error.hidden = true;
      error.textContent = '';
      input.removeAttribute('aria-invalid');
      const help = input.getAttribute('aria-describedby') || '';
      input.setAttribute('aria-describedby', help.split(' ').filter((x) => x && !x.endsWith('-error')).join(' '));
    }
    this.status.className = 'form-status';
    this.status.textContent = '';
  }

  async submit() {
    this.clearErrors();
    this.button.disabled = true;
    this.button.textContent = 'Submitting…';
    try {
      const run = await this.api.post('/api/runs', this.body());
      this.status.className = 'form-status ok';
      const where = run.pool && run.pool.queue_position ? ` (position ${run.pool.queue_position} in the queue)` : '';
      fill(this.status, 'Submitted ', h('a', { href: `#/runs/${encodeURIComponent(run.run_id)}` }, run.run_id),
        `: ${run.status}${where}.`);
      this.fields.goal.input.value = '';
      this.submitted(run);
    } catch (e) {
      this.showError(e);
    } finally {
      this.button.disabled = false;
      this.button.textContent = 'Submit run';
    }
  }

  showError(e) {
    const target = e instanceof ApiError ? this.fieldFor(e.field) : null;
    if (target) {
      target.error.textContent = e.message;
      target.error.hidden = false;
      target.input.setAttribute('aria-invalid', 'true');
      const described = target.input.getAttribute('aria-describedby') || '';
      target.input.setAttribute('aria-describedby', `${described} ${target.error.id}`.trim());
      target.input.focus();
    } else {
      this.status.className = 'form-status error';
      this.status.textContent = errorText(e);
    }
  }

  /** The input a refusal names; 'budgets' itself or an unknown budget goes to the first budget's. */
  fieldFor(name) {
    if (!name) return null;
    if (this.fields[name]) return this.fields[name];
    return name.startsWith('budgets') ? this.fields['budgets.max_cost_usd'] : null;
  }

  setWorkdirs(paths) {
    fill(this.workdirs, [...new Set(paths)].map((p) => h('option', { value: p })));
  }
}
