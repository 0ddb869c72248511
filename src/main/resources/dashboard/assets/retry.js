// Retry of a failed or cancelled task from its page, behind a confirmation: POST /api/runs/{id}/tasks/{n}/retry runs
// the task again with every failed or cancelled task that depends on it, and queues the run again (as Airflow's
// "clear task"). The server refuses what cannot run again (a completed task, a running run); the refusal shows here.
import { h } from './dom.js';
import { time } from './format.js';
import { errorText } from './parts.js';

const RETRYABLE = ['failed', 'cancelled'];

export class TaskRetry {
  constructor(api, runId, taskId, changed) {
    this.api = api;
    this.path = `/api/runs/${encodeURIComponent(runId)}/tasks/${taskId}/retry`;
    this.changed = changed;
    this.busy = false;
    this.retryable = false;
    this.button = h('button', { type: 'button', class: 'retry', onclick: () => this.ask(true) }, 'Retry task');
    this.confirm = h('span', { class: 'confirm', hidden: true },
      `Run task #${taskId} again, with the failed or cancelled tasks that depend on it? `,
      h('button', { type: 'button', class: 'yes', onclick: () => { this.ask(false); this.retry(); } }, 'Yes, retry it'),
      h('button', { type: 'button', onclick: () => { this.ask(false); this.button.focus(); } }, 'Keep it as it is'));
    this.result = h('p', { class: 'action-result', role: 'status', 'aria-live': 'polite' });
    this.element = h('div', { class: 'controls task-controls', hidden: true },
      h('div', { class: 'buttons' }, this.button, this.confirm), this.result);
  }

  /** Shown for a task that failed or was cancelled, and while the answer to a retry is on screen. */
  update(task) {
    this.retryable = RETRYABLE.includes(task.status);
    this.element.hidden = !this.retryable && this.result.textContent === '';
    this.button.disabled = this.busy || !this.retryable;
  }

  ask(show) {
    this.confirm.hidden = !show;
    this.button.hidden = show;
    if (show) this.confirm.querySelector('button').focus();
  }

  async retry() {
    this.busy = true;
    this.button.disabled = true;
    this.button.textContent = 'Retrying…';
    this.result.className = 'action-result';
    this.result.textContent = '';
    try {
      const run = await this.api.post(this.path);
      const ids = (run.retried || []).map((id) => `#${id}`).join(', ');
      this.result.className = 'action-result ok';
      this.result.textContent = `Retrying ${run.retried && run.retried.length > 1 ? 'tasks' : 'task'} ${ids}: `
        + `the run is ${run.status} (${time(new Date().toISOString())})`;
    } catch (e) {
      this.result.className = 'action-result error';
      this.result.textContent = `Retry refused: ${errorText(e)}`;
    } finally {
      this.busy = false;
      this.button.textContent = 'Retry task';
      this.button.disabled = !this.retryable;
      this.changed();
    }
  }
}
