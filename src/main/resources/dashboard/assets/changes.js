// What a run's tasks changed in its workspace: a task's diff (read-only), the run's changes in brief with the files
// two tasks changed, and a rollback behind a confirmation. See docs/engine.md, "Undo".
import { ApiError } from './api.js';
import { h, fill } from './dom.js';
import { time } from './format.js';
import { errorText } from './parts.js';

/** A unified diff, each line marked added, removed or a hunk header (by class and by its first character). */
function unified(text) {
  return h('pre', { class: 'diff' }, String(text || '').split('\n').map((line) => {
    const kind = line.startsWith('+++') || line.startsWith('---') ? 'file' : line.startsWith('@@') ? 'hunk'
      : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'same';
    return h('span', { class: `d-${kind}` }, `${line}\n`);
  }));
}

function lines(f) {
  return h('span', { class: 'sub' }, ` +${f.added} −${f.removed}${f.change === 'modified' ? '' : ` (${f.change})`}`);
}

/** A task's changes that still stand, as its last attempt made them. Only a GET: viewing changes nothing. */
export class TaskDiff {
  constructor(api, base, taskId) {
    this.api = api;
    this.path = `${base}/tasks/${taskId}/diff`;
    this.body = h('div', { class: 'diff-files' }, h('p', { class: 'sub' }, 'Reading…'));
    this.element = h('section', { class: 'panel changes', 'aria-labelledby': 'diff-title' },
      h('h2', { id: 'diff-title' }, 'Changes to the workspace'), this.body);
  }

  async load() {
    try {
      const diff = await this.api.get(this.path);
      if (!diff.files.length) {
        fill(this.body, h('p', { class: 'sub empty-diff' }, diff.attempt === null
          ? 'No recorded changes: the task changed no file, or checkpoints were off.'
          : 'None of its changes stand (none made, undone, or rolled back).'));
        return;
      }
      fill(this.body, h('p', { class: 'sub' }, `Attempt ${diff.attempt}${diff.ended ? '' : ', not finished'}: `
        + `${diff.files.length} ${diff.files.length === 1 ? 'file' : 'files'}.`),
      diff.files.map((f) => h('details', { class: 'diff-file', open: diff.files.length <= 5, dataset: { path: f.path } },
        h('summary', {}, h('code', {}, f.path), lines(f)), unified(f.unified))));
    } catch (e) {
      fill(this.body, h('p', { class: 'error' }, `The changes cannot be read: ${errorText(e)}`));
    }
  }
}

/** A run's changes in brief, the files two or more tasks changed, and the rollback control. */
export class RunChanges {
  constructor(api, base, runId, changed) {
    this.api = api;
    this.base = base;
    this.runId = runId;
    this.changed = changed;
    this.running = false;
    this.list = h('div', { class: 'change-list' }, h('p', { class: 'sub' }, 'Reading…'));
    this.shared = h('div', { class: 'shared-files' });
    this.scope = h('select', { id: 'rollback-scope' });
    this.force = h('input', { type: 'checkbox', id: 'rollback-force' });
    this.ask = h('button', { type: 'button', class: 'danger', onclick: () => this.confirming(true) }, 'Roll back…');
    this.question = h('span', { class: 'question' });
    this.confirm = h('span', { class: 'confirm', hidden: true }, this.question,
      h('button', { type: 'button', class: 'danger', onclick: () => this.rollback() }, 'Yes, roll back'),
      h('button', { type: 'button', onclick: () => { this.confirming(false); this.ask.focus(); } }, 'Keep the changes'));
    this.result = h('div', { class: 'action-result rollback-result', role: 'status', 'aria-live': 'polite' });
    this.control = h('div', { class: 'rollback' },
      h('label', { for: 'rollback-scope' }, 'Undo '), this.scope,
      h('label', { class: 'toggle' }, this.force, ' even where later changes touch the same lines'),
      this.ask, this.confirm, this.result);
    this.element = h('section', { class: 'panel changes', 'aria-labelledby': 'changes-title' },
      h('h2', { id: 'changes-title' }, 'Changes to the workspace'), this.list, this.shared,
      h('h3', {}, 'Rollback'),
      h('p', { class: 'hint' }, 'Your own changes since the run are kept first, in longtask\'s shadow repository; '
        + 'where a later change touches the same lines, nothing is undone unless you say so.'),
      this.control);
  }

  async load() {
    try {
      const changes = await this.api.get(`${this.base}/changes`);
      this.render(changes);
    } catch (e) {
      fill(this.list, h('p', { class: 'error' }, `The changes cannot be read: ${errorText(e)}`));
    }
  }

  render(changes) {
    const link = (id) => h('a', { href: `#/runs/${encodeURIComponent(this.runId)}/tasks/${id}` }, `#${id}`);
    fill(this.list, changes.tasks.length === 0 ? h('p', { class: 'sub' }, 'No recorded changes stand.')
      : h('ul', { class: 'task-changes' }, changes.tasks.map((t) => h('li', { dataset: { task: t.task } },
        'task ', link(t.task), h('span', { class: 'sub' }, ` attempt ${t.attempt}${t.ended ? '' : ', not finished'}: `),
        t.files.map((f, i) => [i ? ', ' : '', h('code', {}, f.path), lines(f)])))));
    const shared = Object.entries(changes.shared_files || {});
    fill(this.shared, shared.length === 0 ? null : [
      h('h3', {}, 'Files changed by more than one task'),
      h('ul', { class: 'shared' }, shared.map(([path, tasks]) => h('li', { dataset: { path } }, h('code', {}, path), ': ',
        tasks.map((id, i) => [i ? ', ' : '', link(id)]))))]);
    const chosen = this.scope.value;
    fill(this.scope, h('option', { value: 'run' }, 'the whole run'),
      changes.tasks.map((t) => h('option', { value: `task:${t.task}` }, `task #${t.task} only`)),
      changes.tasks.map((t) => h('option', { value: `after:${t.task}` }, `the tasks after #${t.task}`)));
    if ([...this.scope.options].some((o) => o.value === chosen)) this.scope.value = chosen;
    this.ask.disabled = changes.tasks.length === 0 || this.running;
  }

  /** The run is running: a rollback would be refused, so it is not offered. */
  update(run) {
    this.running = ['running', 'planning'].includes(run.status);
    this.ask.title = this.running ? 'pause the run first: a running run cannot be rolled back' : '';
    if (this.running) this.ask.disabled = true;
  }

  confirming(show) {
    const option = this.scope.selectedOptions[0];
    this.question.textContent = `Undo the changes of ${option ? option.textContent : 'the run'}${this.force.checked
      ? ', even where later changes touch the same lines' : ''}? `;
    this.confirm.hidden = !show;
    this.ask.hidden = show;
    if (show) this.confirm.querySelector('button').focus();
  }

  async rollback() {
    this.confirming(false);
    const [kind, n] = this.scope.value.split(':');
    const body = kind === 'run' ? {} : { [kind]: Number(n) };
    if (this.force.checked) body.force = true;
    this.ask.disabled = true;
    fill(this.result);
    this.result.className = 'action-result rollback-result';
    try {
      const done = await this.api.post(`${this.base}/rollback`, body);
      this.result.classList.add('ok');
      fill(this.result, h('p', {}, done.restored.length
        ? `Rolled back (${time(new Date().toISOString())}): ${done.restored.length} `
          + `${done.restored.length === 1 ? 'file' : 'files'} put back: ${done.restored.join(', ')}.`
        : 'Nothing to roll back: those changes no longer stand.'),
      done.stash ? h('p', { class: 'sub' }, 'The workspace as it was is kept; to get a file back: ',
        h('code', {}, `git --git-dir .longtask/shadow show ${done.stash}:PATH > PATH`)) : null);
    } catch (e) {
      this.result.classList.add('error');
      const refused = e instanceof ApiError ? e.refused : [];
      fill(this.result, refused.length
        ? [h('p', {}, 'Nothing rolled back: later changes touch the same lines of'),
          h('ul', { class: 'refused' }, refused.map((r) => h('li', {}, r))),
          h('p', { class: 'sub' }, 'Tick "even where later changes touch the same lines" to undo anyway.')]
        : h('p', {}, `Rollback refused: ${errorText(e)}`));
    } finally {
      this.ask.disabled = this.running;
      await this.load();
      this.changed();
    }
  }
}
