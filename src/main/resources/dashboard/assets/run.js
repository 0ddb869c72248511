// A run's page: its figures, controls, the approvals waiting for it, the task graph and list, the live event
// feed, and its report, findings, progress and plan.
import { ApiError, Offline } from './api.js';
import { h, fill, html, debounce } from './dom.js';
import { time, fullTime, duration, tokens, count, timeZone, secondsBetween, ratio } from './format.js';
import { statusBadge, progressBar, budgetUsed, taskCounts, errorText, cost } from './parts.js';
import { progressOf, replaceChanged } from './runs.js';
import { TaskGraph } from './graph.js';
import { describe, eventTag } from './events.js';
import { RunChanges } from './changes.js';

const FEED_KEPT = 400;
const FEED_BACKLOG = 200;
const ENDED = ['completed', 'failed', 'cancelled'];
const NOTES = [['findings', 'Findings', 'findings.md'], ['progress', 'Progress', 'progress.md'],
  ['plan', 'Plan', 'task_plan.md']];

export class RunPage {
  constructor(api, runId) {
    this.api = api;
    this.runId = runId;
    this.base = `/api/runs/${encodeURIComponent(runId)}`;
    this.run = null;
    this.tasks = [];
    this.critical = [];
    this.approvals = new Map();
    this.refreshApprovals = debounce(() => this.loadApprovals(), 150);
    this.refreshRun = debounce(() => this.loadRun(), 300);
    this.refreshTasks = debounce(() => this.loadTasks(), 300);
    this.refreshNotes = debounce(() => this.loadNotes(), 1000);
    this.graph = new TaskGraph(runId);
    this.controls = new Controls(api, this.base, () => this.loadRun());
    this.changes = new RunChanges(api, this.base, runId, () => this.loadRun());
    this.refreshChanges = debounce(() => this.changes.load(), 1000);

    this.title = h('h1', { class: 'goal' }, runId);
    this.meta = h('p', { class: 'meta' });
    this.problem = h('p', { class: 'error', role: 'alert', hidden: true });
    this.stats = h('dl', { class: 'stats' });
    this.approvalList = h('div', { class: 'approval-list' });
    this.approvalTitle = h('h2', { id: 'approvals-title', 'aria-live': 'polite' }, 'Waiting for your approval');
    this.approvalPanel = h('section', { class: 'panel approvals', 'aria-labelledby': 'approvals-title', hidden: true },
      this.approvalTitle, this.approvalList);
    this.taskBody = h('tbody');
    this.feed = h('ol', { class: 'feed', 'aria-live': 'off' });
    this.feedState = h('p', { class: 'feed-state sub', role: 'status' }, 'connecting…');
    this.modelCalls = h('input', {
      type: 'checkbox', id: 'show-calls', checked: true,
      onchange: () => this.feed.classList.toggle('hide-calls', !this.modelCalls.checked),
    });
    this.report = h('div', { class: 'doc-body' }, h('p', { class: 'sub' }, 'No report yet: the run writes it at the end.'));
    this.reportBox = h('details', { class: 'doc', id: 'report' }, h('summary', {}, 'Report'), this.report);
    this.noteBodies = {};
    const notes = NOTES.map(([key, label, file]) => {
      this.noteBodies[key] = h('div', { class: 'doc-body' }, h('p', { class: 'sub' }, `No ${file} yet.`));
      return h('details', { class: 'doc', id: `note-${key}` }, h('summary', {}, label, h('span', { class: 'sub' }, ` ${file}`)),
        this.noteBodies[key]);
    });

    this.element = h('div', { class: 'run-page' },
      h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Runs'), ' / ',
        h('span', { 'aria-current': 'page' }, runId)),
      h('div', { class: 'page-head' }, this.title, this.meta),
      this.problem,
      this.approvalPanel, // first: a question holds the run up until somebody answers it
      h('section', { class: 'panel', 'aria-label': 'Figures and controls' }, this.stats, this.controls.element),
      h('div', { class: 'columns' },
        h('div', { class: 'col-main' },
          h('section', { class: 'panel', 'aria-labelledby': 'graph-title' },
            h('div', { class: 'panel-head' }, h('h2', { id: 'graph-title' }, 'Task graph'), this.graph.legend),
            this.graph.element),
          h('section', { class: 'panel', 'aria-labelledby': 'tasks-title' },
            h('h2', { id: 'tasks-title' }, 'Tasks'),
            h('div', { class: 'table-wrap' }, h('table', { class: 'tasks' },
              h('thead', {}, h('tr', {}, TASK_COLUMNS.map((c) => h('th', { scope: 'col' }, c)))),
              this.taskBody))),
          this.changes.element,
          h('section', { class: 'panel docs', 'aria-label': 'Report and notes' }, this.reportBox, notes)),
        h('section', { class: 'panel col-side', 'aria-labelledby': 'events-title' },
          h('div', { class: 'panel-head' }, h('h2', { id: 'events-title' }, 'Events'),
            h('label', { class: 'toggle' }, this.modelCalls, ' model calls')),
          h('p', { class: 'hint' }, `Newest first; times in ${timeZone}.`),
          this.feedState, this.feed)));
  }

  async start() {
    const run = await this.loadRun();
    if (!run) return;
    this.loadTasks();
    this.loadNotes();
    this.changes.load();
    if (run.has_report) this.loadReport();
    this.loadApprovals();
    this.follow(Math.max(0, (run.last_seq || 0) - FEED_BACKLOG));
    this.clock = setInterval(() => { if (this.run && this.run.progress) this.refreshRun(); }, 5000);
  }

  dispose() {
    this.disposed = true;
    if (this.stream) this.stream.close();
    clearInterval(this.clock);
    [this.refreshRun, this.refreshTasks, this.refreshNotes, this.refreshApprovals, this.refreshChanges]
      .forEach((d) => d.cancel());
  }

  async reconnected() {
    const run = await this.loadRun();
    this.loadTasks();
    this.loadNotes();
    this.loadApprovals();
    this.changes.load();
    if (run && run.has_report) this.loadReport();
  }

  follow(after) {
    this.stream = this.api.follow(this.runId, {
      after,
      onEvent: (event) => this.onEvent(event),
      onEnd: (end) => {
        this.feedState.textContent = `The run has ended (${end.status}); nothing more will come.`;
        this.feedState.classList.add('ended');
        this.reconnected();
      },
      onError: (e) => { this.feedState.textContent = `The event stream stopped: ${errorText(e)}`; },
    });
    this.feedState.textContent = 'Following live.';
  }

  onEvent(event) {
    this.addToFeed(event);
    const type = event.type;
    this.refreshRun();
    if (type.startsWith('task.') || type === 'plan.accepted' || type === 'director.decided' || type === 'llm.call') {
      this.refreshTasks();
    }
    if (['finding.added', 'progress.note', 'round.started', 'session.started', 'decision.recorded',
      'error.recorded', 'plan.accepted', 'task.completed', 'task.failed', 'task.created'].includes(type)) {
      this.refreshNotes();
    }
    if (type === 'report.written') this.loadReport();
    if (['task.completed', 'task.failed', 'task.undone', 'task.cancelled', 'run.rolled_back'].includes(type)) {
      this.refreshChanges();
    }
    if (type.startsWith('approval.')) this.refreshApprovals();
  }

  addToFeed(event) {
    const task = event.task ? h('a', { href: `#/runs/${encodeURIComponent(this.runId)}/tasks/${event.task}`, class: 'task-ref' },
      `#${event.task}`) : null;
    const item = h('li', { class: `ev ${eventTag(event.type)}`, dataset: { seq: event.seq, type: event.type } },
      h('time', { datetime: event.time, title: fullTime(event.time) }, time(event.time)),
      h('span', { class: 'type' }, event.type), task, h('span', { class: 'text' }, describe(event)));
    this.feed.prepend(item);
    while (this.feed.childElementCount > FEED_KEPT) this.feed.lastElementChild.remove();
  }

  async loadRun() {
    try {
      const run = await this.api.get(this.base);
      this.run = run;
      this.problem.hidden = true;
      this.renderRun(run);
      return run;
    } catch (e) {
      if (!(e instanceof Offline)) {
        this.problem.hidden = false;
        this.problem.textContent = e instanceof ApiError && e.status === 404
          ? `There is no run ${this.runId} on this server.` : `This run cannot be read: ${errorText(e)}`;
      }
      return null;
    }
  }

  renderRun(run) {
    // the first plan's estimate beside what the run used: tokens, cost, time at work, and what it was learned from
    const estimateText = (r) => {
      const e = r.estimate;
      if (!e) return '—';
      const total = Number(e.input_tokens || 0) + Number(e.output_tokens || 0) + Number(e.cache_read_tokens || 0);
      const used = Number((r.usage || {}).input_tokens || 0) + Number((r.usage || {}).output_tokens || 0)
        + Number((r.usage || {}).cache_read_tokens || 0) + Number((r.usage || {}).cache_write_tokens || 0);
      const parts = [`${tokens(total)}`, e.cost_usd != null ? `$${Number(e.cost_usd).toFixed(2)}` : 'cost unknown',
        duration(e.time_s)];
      const actual = ENDED.includes(r.status) && total > 0 ? ` · actual ${ratio(used, total)} the tokens` : '';
      return [parts.join(', '), h('span', { class: 'sub' }, ` (${e.basis || 'built-in priors'})${actual}`)];
    };
    this.title.textContent = run.goal || run.run_id;
    document.title = `${run.goal || run.run_id} · longtask`;
    fill(this.meta, statusBadge(run.status, run.status_reason),
      run.status_reason ? h('span', { class: 'reason' }, ` ${run.status_reason}`) : null,
      h('span', { class: 'sub' }, ` · ${run.model || 'model not set'} · ${run.workspace} · created `),
      h('time', { datetime: run.created || '', title: fullTime(run.created) }, time(run.created)));
    const u = run.usage || {};
    const p = run.progress;
    const pool = run.pool;
    const item = (label, ...value) => [h('dt', {}, label), h('dd', {}, ...value)];
    fill(this.stats,
      item('Progress', progressBar(progressOf(run))),
      item('Tasks', taskCounts(run.tasks)),
      item('Elapsed', p ? duration(p.elapsed_s) : duration(secondsBetween(run.created, run.updated))),
      item('ETA', p ? duration(p.eta_s) : (ENDED.includes(run.status) ? 'ended' : '—')),
      item('Tokens', tokens(Number(u.input_tokens || 0) + Number(u.output_tokens || 0)),
        h('span', { class: 'sub' }, ` (${count(u.input_tokens)} in, ${count(u.output_tokens)} out)`)),
      item('Cost', cost(u), u.unpriced_calls ? h('span', { class: 'sub' }, ` (${count(u.unpriced_calls)} unpriced calls)`) : null),
      item('Estimate', ...[].concat(estimateText(run))),
      item('Budget used', budgetUsed(run)),
      item('Pool', pool ? `${pool.state}${pool.queue_position ? `, #${pool.queue_position} in queue` : ''}`
        + ` · priority ${pool.priority}${pool.foreground ? ' · foreground' : ''} · approval ${pool.approval}`
        + (pool.attempt > 1 ? ` · attempt ${pool.attempt} of ${pool.max_retries + 1}` : '')
        + (pool.retry_at ? ` · retries at ${time(pool.retry_at)}` : '')
        : 'not in this server\'s pool'),
      item('Updated', h('time', { datetime: run.updated || '', title: fullTime(run.updated) }, time(run.updated))));
    this.controls.update(run);
    this.changes.update(run);
  }

  async loadTasks() {
    try {
      const { tasks, critical_path: critical } = await this.api.get(`${this.base}/tasks`);
      this.tasks = tasks;
      this.critical = critical || [];
      this.graph.update(tasks, this.critical);
      this.renderTasks();
    } catch (e) {
      // the next event or reconnect reads them again
    }
  }

  renderTasks() {
    const onPath = new Set(this.critical);
    if (this.tasks.length === 0) {
      fill(this.taskBody, h('tr', {}, h('td', { colspan: TASK_COLUMNS.length, class: 'empty' }, 'No tasks yet.')));
      return;
    }
    const rows = new Map([...this.taskBody.querySelectorAll('tr[data-task]')].map((r) => [Number(r.dataset.task), r]));
    if (rows.size === 0) this.taskBody.replaceChildren();
    for (const t of this.tasks) {
      const link = `#/runs/${encodeURIComponent(this.runId)}/tasks/${t.id}`;
      const took = t.started ? duration(secondsBetween(t.started, t.finished)) : '—';
      const u = t.usage || {};
      const cells = [
        h('td', { class: 'num' }, `#${t.id}`),
        h('td', {}, h('a', { href: link }, t.subject || `task ${t.id}`),
          onPath.has(t.id) ? h('span', { class: 'critical-mark', title: 'on the critical path' }, ' critical') : null,
          t.error ? h('span', { class: 'sub error' }, t.error) : null),
        h('td', {}, t.agent),
        h('td', {}, statusBadge(t.status)),
        h('td', { class: 'num' }, count(t.attempts)),
        h('td', {}, h('time', { datetime: t.started || '', title: fullTime(t.started) }, time(t.started))),
        h('td', {}, took),
        h('td', { class: 'num' }, tokens(Number(u.input_tokens || 0) + Number(u.output_tokens || 0))),
        h('td', { class: 'num' }, cost(u)),
      ];
      cells.forEach((c, i) => c.setAttribute('data-label', TASK_COLUMNS[i]));
      let row = rows.get(t.id);
      if (!row) {
        row = h('tr', { dataset: { task: t.id } });
        this.taskBody.append(row);
      }
      row.classList.toggle('critical', onPath.has(t.id));
      replaceChanged(row, cells);
    }
  }

  async loadNotes() {
    try {
      const notes = await this.api.get(`${this.base}/notes`);
      for (const [key] of NOTES) {
        if (notes[key]) fill(this.noteBodies[key], html(notes[key].html));
      }
    } catch (e) {
      // shown again on the next change
    }
  }

  async loadReport() {
    try {
      const report = await this.api.get(`${this.base}/report`);
      fill(this.report, html(report.html));
      this.reportBox.open = true;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) {
        fill(this.report, h('p', { class: 'error' }, `The report cannot be read: ${errorText(e)}`));
      }
    }
  }

  /**
   * The run's questions as the server has them: every one that waits, and those answered while this page was open
   * (with their answer, whoever gave it). Read again on each approval event and after a reconnect.
   */
  async loadApprovals() {
    try {
      const { approvals } = await this.api.get(`${this.base}/approvals`);
      this.showApprovals(approvals || []);
    } catch (e) {
      // the next approval event or reconnect reads them again
    }
  }

  showApprovals(list) {
    for (const a of list) {
      const card = this.approvals.get(a.id);
      if (card) {
        if (a.state === 'answered') card.answered(a.answer);
      } else if (a.state === 'waiting') {
        this.approvals.set(a.id, new ApprovalCard(this.api, this.runId, a, this.refreshApprovals));
      }
    }
    const cards = [...this.approvals.values()].sort((x, y) => x.number - y.number);
    const waiting = cards.filter((c) => !c.answer).length;
    this.approvalPanel.hidden = cards.length === 0;
    this.approvalTitle.textContent = waiting ? `Waiting for your approval (${waiting})` : 'Approvals answered';
    const shown = [...this.approvalList.children];
    if (shown.length !== cards.length || shown.some((e, i) => e !== cards[i].element)) {
      const focused = document.activeElement;
      fill(this.approvalList, cards.map((c) => c.element));
      if (focused && this.approvalList.contains(focused)) focused.focus();
    }
  }
}

const TASK_COLUMNS = ['#', 'Subject', 'Agent', 'Status', 'Attempts', 'Started', 'Took', 'Tokens', 'Cost'];

/** Pause, resume, cancel and priority; each disabled while in flight, its result shown beside them. */
class Controls {
  constructor(api, base, changed) {
    this.api = api;
    this.base = base;
    this.changed = changed;
    this.busy = null;
    this.result = h('p', { class: 'action-result', role: 'status', 'aria-live': 'polite' });
    this.pause = h('button', { type: 'button', onclick: () => this.act('pause', 'Pausing…') }, 'Pause');
    this.resume = h('button', { type: 'button', onclick: () => this.act('resume', 'Resuming…') }, 'Resume');
    this.cancel = h('button', { type: 'button', class: 'danger', onclick: () => this.confirmCancel(true) }, 'Cancel run');
    this.confirm = h('span', { class: 'confirm', hidden: true }, 'Cancel this run for good? ',
      h('button', { type: 'button', class: 'danger', onclick: () => { this.confirmCancel(false); this.act('cancel', 'Cancelling…'); } },
        'Yes, cancel it'),
      h('button', { type: 'button', onclick: () => { this.confirmCancel(false); this.cancel.focus(); } }, 'Keep it'));
    this.priority = h('input', { type: 'text', inputmode: 'numeric', id: 'priority', size: 5, 'aria-describedby': 'priority-help' });
    this.setPriority = h('button', { type: 'button', onclick: () => this.act('priority', 'Setting…') }, 'Set priority');
    this.element = h('div', { class: 'controls' },
      h('div', { class: 'buttons' }, this.pause, this.resume, this.cancel, this.confirm),
      h('div', { class: 'priority' }, h('label', { for: 'priority' }, 'Priority'), this.priority, this.setPriority,
        h('span', { class: 'sub', id: 'priority-help' }, ' for a run that waits; higher starts first')),
      this.result);
  }

  update(run) {
    this.run = run;
    const s = run.status;
    const pool = run.pool;
    this.allowed = {
      pause: ['created', 'queued', 'planning', 'running'].includes(s),
      resume: ['paused', 'interrupted', 'failed'].includes(s),
      cancel: !['completed', 'cancelled'].includes(s),
      priority: !!pool && ['queued', 'held'].includes(pool.state),
    };
    if (pool && document.activeElement !== this.priority && this.busy !== 'priority') {
      this.priority.value = String(pool.priority);
    }
    this.enable();
  }

  enable() {
    const a = this.allowed || {};
    this.pause.disabled = this.busy !== null || !a.pause;
    this.resume.disabled = this.busy !== null || !a.resume;
    this.cancel.disabled = this.busy !== null || !a.cancel;
    this.setPriority.disabled = this.busy !== null || !a.priority;
    this.priority.disabled = !a.priority;
  }

  confirmCancel(show) {
    this.confirm.hidden = !show;
    this.cancel.hidden = show;
    if (show) this.confirm.querySelector('button').focus();
  }

  async act(action, doing) {
    const button = { pause: this.pause, resume: this.resume, cancel: this.cancel, priority: this.setPriority }[action];
    const label = button.textContent;
    this.busy = action;
    this.enable();
    button.textContent = doing;
    this.result.className = 'action-result';
    this.result.textContent = '';
    try {
      const body = action === 'priority' ? { priority: numberOrText(this.priority.value) } : undefined;
      const run = await this.api.post(`${this.base}/${action}`, body);
      this.result.className = 'action-result ok';
      this.result.textContent = `${DONE[action](run)} (${time(new Date().toISOString())})`;
    } catch (e) {
      this.result.className = 'action-result error';
      this.result.textContent = `${label} refused: ${errorText(e)}`;
    } finally {
      this.busy = null;
      button.textContent = label;
      this.enable();
      this.changed();
    }
  }
}

const DONE = {
  pause: (run) => (run.status === 'running' || run.status === 'planning'
    ? 'Pause asked: the run saves and stops' : `Paused: the run is ${run.status}`),
  resume: (run) => `Resumed: the run is ${run.status}${run.pool && run.pool.queue_position
    ? `, #${run.pool.queue_position} in the queue` : ''}`,
  cancel: (run) => (run.status === 'cancelled' ? 'Cancelled' : 'Cancel asked: the run stops for good'),
  priority: (run) => `Priority set to ${run.pool ? run.pool.priority : '?'}`,
};

function numberOrText(raw) {
  const n = Number(raw.trim());
  return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
}

const DECIDED = {
  allow_once: ['Allowing…', 'Allowed once: the call runs and the run goes on'],
  allow_always: ['Allowing…', 'Allowed for the rest of the run: the call runs and the run goes on'],
  deny: ['Denying…', 'Denied: the call does not run and the reason goes back to the model'],
};

/** One question of the run: what the call would do and why it asks; allow once, allow always, or deny with a reason. */
class ApprovalCard {
  constructor(api, runId, approval, changed) {
    this.api = api;
    this.id = approval.id;
    this.number = approval.number;
    this.changed = changed;
    this.answer = null;
    const q = approval.question || {};
    const n = approval.number;
    this.result = h('p', { class: 'action-result', role: 'status', 'aria-live': 'polite' });
    this.reasonError = h('p', { class: 'field-error', id: `reason-${n}-error`, hidden: true });
    this.reason = h('input', {
      type: 'text', id: `reason-${n}`, name: 'reason', placeholder: 'why not (goes back to the model)',
      'aria-describedby': `reason-${n}-error`,
    });
    this.buttons = {
      allow_once: h('button', { type: 'button', class: 'primary', onclick: () => this.send('allow_once') }, 'Allow once'),
      allow_always: h('button', {
        type: 'button', onclick: () => this.send('allow_always'),
        title: q.always ? `allows calls like it for the rest of the run: ${q.always}` : undefined,
      }, 'Allow always'),
      deny: h('button', { type: 'button', class: 'danger', onclick: () => this.send('deny') }, 'Deny'),
    };
    const task = q.task ? h('a', { href: `#/runs/${encodeURIComponent(runId)}/tasks/${q.task}` }, `task #${q.task}`) : 'the run';
    this.actions = h('div', { class: 'approval-actions' }, this.buttons.allow_once, this.buttons.allow_always,
      h('span', { class: 'deny' }, h('label', { for: `reason-${n}`, class: 'visually-hidden' }, 'Reason to deny'),
        this.reason, this.buttons.deny),
      this.reasonError);
    this.element = h('article', { class: 'approval', dataset: { approval: approval.id, number: n } },
      h('h3', {}, `#${n} `, h('code', { class: 'tool' }, q.tool), ' for ', task,
        h('span', { class: 'agent sub' }, ` by the agent ${q.agent || '?'}`)),
      h('dl', { class: 'approval-facts' },
        h('dt', {}, 'Why it asks'), h('dd', { class: 'why' }, q.why || '—'),
        h('dt', {}, 'Allow always adds'), h('dd', { class: 'always' }, q.always ? h('code', {}, q.always) : 'no rule: it asks again'),
        h('dt', {}, 'Asked'), h('dd', {}, h('time', { datetime: approval.asked_at || '', title: fullTime(approval.asked_at) },
          time(approval.asked_at)))),
      h('pre', { class: 'preview', tabindex: 0, 'aria-label': 'what the call would do' },
        q.preview || JSON.stringify(q.arguments, null, 2)),
      this.actions, this.result);
    if (approval.state === 'answered') this.answered(approval.answer);
  }

  async send(decision) {
    const button = this.buttons[decision];
    const label = button.textContent;
    const [doing, done] = DECIDED[decision];
    this.enable(false);
    button.textContent = doing;
    this.result.className = 'action-result';
    this.result.textContent = '';
    this.showReasonError(null);
    try {
      const body = { decision, by: 'dashboard' };
      if (decision === 'deny') body.reason = this.reason.value.trim();
      const approval = await this.api.post(`/api/approvals/${encodeURIComponent(this.id)}`, body);
      this.result.className = 'action-result ok';
      if (approval && approval.state === 'waiting') {
        // 202: the task is not back at its call yet (just resumed); the run records the answer when it is
        this.result.textContent = `Answer kept: the run records it when its task comes back to this call (${
          time(new Date().toISOString())})`;
        return;
      }
      this.result.textContent = `${done} (${time(new Date().toISOString())})`;
      this.answered(approval && approval.answer ? approval.answer : { decision, reason: body.reason, by: 'dashboard' });
    } catch (e) {
      this.result.className = 'action-result error';
      if (e instanceof ApiError && e.status === 409) {
        this.result.textContent = `Already answered: ${errorText(e)}`;
        this.changed();
      } else if (e instanceof ApiError && e.field === 'reason') {
        this.showReasonError(e.message);
        this.reason.focus();
      } else {
        this.result.textContent = `Not answered: ${errorText(e)}`;
      }
      if (!this.answer) this.enable(true);
    } finally {
      button.textContent = label;
    }
  }

  enable(on) {
    Object.values(this.buttons).forEach((b) => { b.disabled = !on; });
  }

  showReasonError(message) {
    this.reasonError.hidden = !message;
    this.reasonError.textContent = message || '';
    if (message) this.reason.setAttribute('aria-invalid', 'true');
    else this.reason.removeAttribute('aria-invalid');
  }

  /** Shows the answer in place of the buttons, whoever gave it (this page, another one, the terminal). */
  answered(answer) {
    if (this.answer || !answer) return;
    const focusHere = this.element.contains(document.activeElement);
    this.answer = answer;
    this.element.classList.add('answered');
    const by = answer.by ? ` by ${answer.by}` : '';
    const reason = answer.reason ? `: ${answer.reason}` : '';
    fill(this.actions, h('p', { class: `answer d-${answer.decision}` },
      `${String(answer.decision).replace('_', ' ')}${by}${reason}`));
    if (focusHere) this.result.setAttribute('tabindex', '-1');
    if (focusHere) this.result.focus();
  }
}
