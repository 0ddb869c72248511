// A task: its contract and its whole conversation (model turns, tool calls and results, compactions, model retries),
// page by page, following it live while the task runs. Viewing makes only GET requests and changes nothing; the one
// action, retrying a failed or cancelled task, asks first (retry.js).
import { ApiError, Offline } from './api.js';
import { h, fill, debounce } from './dom.js';
import { time, fullTime, duration, tokens, costText, count, millis, timeZone, secondsBetween } from './format.js';
import { statusBadge, errorText } from './parts.js';
import { TaskDiff } from './changes.js';
import { TaskRetry } from './retry.js';

const PAGE = 100;
const FOLLOW_EVERY = 1000;
const LONG = 1500;

export class TaskPage {
  constructor(api, runId, taskId) {
    this.api = api;
    this.runId = runId;
    this.taskId = taskId;
    this.base = `/api/runs/${encodeURIComponent(runId)}`;
    this.loaded = 0;
    this.atEnd = false;
    this.attempt = 0;
    this.retries = [];
    this.refreshTask = debounce(() => this.loadTask(), 300);
    const runLink = `#/runs/${encodeURIComponent(runId)}`;
    this.title = h('h1', {}, `Task #${taskId}`);
    this.meta = h('p', { class: 'meta' });
    this.problem = h('p', { class: 'error', role: 'alert', hidden: true });
    this.retry = new TaskRetry(api, runId, taskId, () => this.retried());
    this.contract = h('div', { class: 'contract' });
    this.entries = h('ol', { class: 'transcript' });
    this.more = h('button', { type: 'button', hidden: true, onclick: () => this.loadPage() }, 'Load more');
    this.follow = h('p', { class: 'sub follow', role: 'status' });
    this.diff = new TaskDiff(api, this.base, taskId);
    this.element = h('div', { class: 'task-page' },
      h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Runs'), ' / ',
        h('a', { href: runLink, class: 'run-link' }, runId), ' / ', h('span', { 'aria-current': 'page' }, `task #${taskId}`)),
      h('div', { class: 'page-head' }, this.title, this.meta),
      h('p', { class: 'hint' }, `Viewing a task changes nothing in the run. Times in ${timeZone}.`),
      this.problem, this.retry.element,
      h('section', { class: 'panel', 'aria-labelledby': 'contract-title' },
        h('h2', { id: 'contract-title' }, 'Contract'), this.contract),
      this.diff.element,
      h('section', { class: 'panel', 'aria-labelledby': 'transcript-title' },
        h('div', { class: 'panel-head' }, h('h2', { id: 'transcript-title' }, 'Transcript'),
          h('span', { class: 'sub transcript-count' })),
        this.entries, h('div', { class: 'actions' }, this.more), this.follow));
  }

  async start() {
    const task = await this.loadTask();
    if (!task) return;
    const run = await this.api.get(this.base).catch(() => null);
    await this.loadRetries(run ? run.last_seq : 0);
    await this.loadPage();
    this.diff.load();
    this.followEvents(run ? run.last_seq : 0);
    this.timer = setInterval(() => this.followLive(), FOLLOW_EVERY);
  }

  /** Follows the task's events after {@code after}; the stream of a run ends with the run, so again after a retry. */
  followEvents(after) {
    if (this.stream) this.stream.close();
    this.stream = this.api.follow(this.runId, {
      after,
      types: 'task.*,llm.retry',
      onEvent: (event) => {
        if (event.task !== this.taskId) return;
        if (event.type === 'llm.retry') this.addRetry(event);
        else this.refreshTask();
      },
    });
  }

  /** After a retry: the run goes on in a new session, whose events a stream that ended with the old one never sees. */
  async retried() {
    const run = await this.api.get(this.base).catch(() => null);
    if (run) this.followEvents(run.last_seq);
    await this.loadTask();
  }

  dispose() {
    if (this.stream) this.stream.close();
    clearInterval(this.timer);
    this.refreshTask.cancel();
  }

  reconnected() {
    this.loadTask();
    this.diff.load();
  }

  /** The task, and the tasks it waits for (a finished one leaves blockedBy, but keeps its blocks). */
  async loadTask() {
    try {
      const { tasks } = await this.api.get(`${this.base}/tasks`);
      const task = tasks.find((t) => t.id === this.taskId);
      if (!task) throw new ApiError(404, 'not_found', `Run ${this.runId} has no task #${this.taskId}.`);
      const waitsFor = new Set(task.blockedBy || []);
      tasks.filter((t) => (t.blocks || []).includes(task.id)).forEach((t) => waitsFor.add(t.id));
      if (this.task && this.task.status !== task.status) this.diff.load();
      this.task = task;
      this.problem.hidden = true;
      this.renderTask(task, [...waitsFor].sort((a, b) => a - b), new Map(tasks.map((t) => [t.id, t])));
      return task;
    } catch (e) {
      if (!(e instanceof Offline)) {
        this.problem.hidden = false;
        this.problem.textContent = e instanceof ApiError && e.status === 404
          ? `Run ${this.runId} has no task #${this.taskId}.` : `This task cannot be read: ${errorText(e)}`;
      }
      return null;
    }
  }

  renderMeta(t) {
    const u = t.usage || {};
    fill(this.meta, statusBadge(t.status), ` agent ${t.agent} · attempt ${count(t.attempts)}`,
      t.started ? [' · started ', h('time', { datetime: t.started, title: fullTime(t.started) }, time(t.started))] : null,
      t.started ? ` · ${t.finished ? 'took' : 'running for'} ${duration(secondsBetween(t.started, t.finished))}` : null,
      ` · ${tokens(Number(u.input_tokens || 0) + Number(u.output_tokens || 0))} · ${costText(u)}`);
  }

  renderTask(t, waitsFor, byId) {
    this.title.textContent = `#${t.id} ${t.subject}`;
    document.title = `#${t.id} ${t.subject} · longtask`;
    this.renderMeta(t);
    this.retry.update(t);
    const runLink = (id) => [h('a', { href: `#/runs/${encodeURIComponent(this.runId)}/tasks/${id}` }, `#${id}`),
      byId.has(id) ? h('span', { class: 'sub' }, ` (${byId.get(id).status.replace('_', ' ')})`) : null];
    const paths = (map) => {
      const keys = Object.keys(map || {});
      return keys.length ? h('dl', { class: 'paths' }, keys.sort().map((k) => [h('dt', {}, k), h('dd', {}, h('code', {}, map[k]))]))
        : h('span', { class: 'sub' }, 'none');
    };
    const list = (ids) => (ids && ids.length ? ids.map((id, i) => [i ? ', ' : '', runLink(id)]) : h('span', { class: 'sub' }, 'none'));
    fill(this.contract,
      h('h3', {}, 'Instruction'), h('div', { class: 'instruction' }, t.instruction || '—'),
      h('div', { class: 'contract-grid' },
        h('div', {}, h('h3', {}, 'Inputs'), paths(t.inputs)),
        h('div', {}, h('h3', {}, 'Outputs'), paths(t.outputs)),
        h('div', {}, h('h3', {}, 'Success criteria'), t.success_criteria && t.success_criteria.length
          ? h('ul', {}, t.success_criteria.map((c) => h('li', {}, c))) : h('span', { class: 'sub' }, 'none')),
        h('div', {}, h('h3', {}, 'Waits for'), h('p', {}, list(waitsFor)),
          h('h3', {}, 'Unblocks'), h('p', {}, list(t.blocks)))),
      t.error ? [h('h3', {}, 'Error'), h('p', { class: 'error' }, t.error)] : null);
  }

  async loadPage() {
    this.more.disabled = true;
    try {
      const page = await this.api.get(`${this.base}/tasks/${this.taskId}/transcript?offset=${this.loaded}&limit=${PAGE}`);
      for (const entry of page.entries) this.addEntry(entry);
      this.loaded += page.entries.length;
      this.atEnd = page.next_offset === null;
      this.more.hidden = this.atEnd;
      this.more.textContent = `Load the next ${PAGE} entries`;
      this.element.querySelector('.transcript-count').textContent = `${count(this.loaded)} entries${this.atEnd ? '' : ' so far'}`;
      this.showFollow();
      if (this.loaded === 0 && this.atEnd) {
        fill(this.entries, h('li', { class: 'empty' }, this.task && this.task.status === 'pending'
          ? 'Not started yet: the transcript begins when an agent takes the task.' : 'No transcript.'));
      }
    } catch (e) {
      this.follow.textContent = `The transcript cannot be read: ${errorText(e)}`;
    } finally {
      this.more.disabled = false;
    }
  }

  /** While the task runs and every entry so far is shown, new ones are read as they are written. */
  async followLive() {
    if (this.task && this.task.status === 'in_progress') this.renderMeta(this.task);
    if (!this.task || this.busy || !this.atEnd || !this.api.connection.up) return;
    if (this.task.status !== 'in_progress' && this.followedToEnd) return;
    this.busy = true;
    try {
      if (this.loaded === 0) this.entries.replaceChildren();
      await this.loadPage();
      if (this.task.status !== 'in_progress') this.followedToEnd = true;
    } finally {
      this.busy = false;
    }
  }

  showFollow() {
    const running = this.task && this.task.status === 'in_progress';
    this.follow.textContent = running && this.atEnd ? 'The task is running: new entries appear as they are written.'
      : this.atEnd ? 'End of the transcript.' : '';
  }

  addEntry(entry) {
    const item = renderEntry(entry, this);
    item.dataset.time = entry.time || '';
    this.placeRetries(entry.time);
    this.entries.append(item);
  }

  async loadRetries(until) {
    try {
      const retries = await this.api.eventsUntil(this.runId, 'llm.retry', until);
      this.retries.push(...retries.filter((e) => e.task === this.taskId));
    } catch (e) {
      // retries are shown as they come
    }
  }

  addRetry(event) {
    this.retries.push(event);
    if (this.atEnd) this.placeRetries(null);
  }

  /** Retries happened between entries: each goes in before the first entry written after it. */
  placeRetries(before) {
    const due = this.retries.filter((r) => !before || new Date(r.time) <= new Date(before));
    this.retries = this.retries.filter((r) => !due.includes(r));
    for (const r of due) this.entries.append(retryEntry(r));
  }
}

function header(kind, label, entry, extra) {
  return h('div', { class: 'entry-head' }, h('span', { class: `kind k-${kind}` }, label),
    entry.step ? h('span', { class: 'sub' }, ` step ${entry.step}`) : null, extra || null,
    entry.time ? h('time', { datetime: entry.time, title: fullTime(entry.time) }, time(entry.time)) : null);
}

/** Long text folded after its first lines, with a button to show the rest. */
function body(text, cls) {
  const value = text === undefined || text === null ? '' : String(text);
  if (value.length <= LONG) return h('pre', { class: cls || 'text' }, value);
  const pre = h('pre', { class: cls || 'text' }, `${value.slice(0, LONG)}…`);
  const button = h('button', {
    type: 'button', class: 'link',
    onclick: () => {
      const full = pre.dataset.full === 'true';
      pre.textContent = full ? `${value.slice(0, LONG)}…` : value;
      pre.dataset.full = String(!full);
      button.textContent = full ? `Show all ${count(value.length)} characters` : 'Show less';
    },
  }, `Show all ${count(value.length)} characters`);
  return h('div', {}, pre, button);
}

function renderEntry(e, page) {
  switch (e.kind) {
    case 'system':
      page.attempt += 1;
      return h('li', { class: 'entry e-system' },
        h('div', { class: 'attempt' }, `Attempt ${page.attempt}`),
        h('details', {}, h('summary', {}, header('system', 'System prompt', e, h('span', { class: 'sub' },
          ` ${count((e.content || '').length)} characters`))), body(e.content)));
    case 'user':
      return h('li', { class: 'entry e-user' }, header('user', 'User', e), body(e.content));
    case 'assistant':
      return h('li', { class: 'entry e-assistant' }, header('assistant', 'Model', e),
        e.content ? body(e.content) : h('p', { class: 'sub' }, 'No text; it calls tools.'));
    case 'tool_call':
      return h('li', { class: 'entry e-call' }, header('call', 'Tool call', e, h('code', { class: 'tool' }, e.tool)),
        argsView(e.args));
    case 'tool_result':
      return h('li', { class: `entry e-result${e.error ? ' failed' : ''}` },
        header('result', e.error ? 'Tool error' : 'Tool result', e, h('code', { class: 'tool' }, e.tool)), body(e.content));
    case 'compaction':
      return h('li', { class: 'entry e-compaction' }, header('compaction', 'Compaction', e, h('span', { class: 'sub' },
        ` ${count(e.turns_summarised)} turns summarised, ${tokens(e.tokens_before)} → ${tokens(e.tokens_after)}`)),
        body(e.content));
    case 'outcome': {
      const u = e.usage || {};
      return h('li', { class: `entry e-outcome${e.success ? '' : ' failed'}` },
        header('outcome', 'Outcome', e, h('span', { class: 'sub' }, ` ${e.ending}, ${e.success ? 'success' : 'no success'}`
          + `, ${tokens(Number(u.input_tokens || 0) + Number(u.output_tokens || 0))}, ${costText(u)}`)),
        e.reason ? body(e.reason) : null);
    }
    default:
      return h('li', { class: 'entry' }, header('other', e.kind || 'entry', e), body(JSON.stringify(e, null, 2), 'json'));
  }
}

/** A call's arguments by name; text with line breaks (a file's content, a command) shown as it is. */
function argsView(args) {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return body(JSON.stringify(args, null, 2), 'json');
  return h('dl', { class: 'args' }, Object.entries(args).map(([name, value]) => [
    h('dt', {}, name),
    h('dd', {}, typeof value === 'string' && (value.includes('\n') || value.length > 80) ? body(value)
      : h('code', {}, typeof value === 'string' ? value : JSON.stringify(value))),
  ]));
}

function retryEntry(event) {
  const d = event.data || {};
  return h('li', { class: 'entry e-retry', dataset: { time: event.time } },
    header('retry', 'Model call retried', { time: event.time }, h('span', { class: 'sub' },
      ` attempt ${d.attempt}${d.status ? `, status ${d.status}` : ''}, waited ${millis(d.wait_ms)}`)),
    body(d.error));
}
