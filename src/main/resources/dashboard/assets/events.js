// One line of text for each kind of event, for the run's feed.
import { tokens, costText, millis, count } from './format.js';

const text = (v) => (v === undefined || v === null ? '' : String(v));
const reason = (r) => (r ? ` (${r})` : '');

const LINES = {
  'run.created': (d) => `run created: ${text(d.goal)}`,
  'run.status': (d) => `status ${text(d.status)}${reason(d.reason)}`,
  'run.budget': () => 'budget changed',
  'run.settings': (d) => `settings changed${d.by ? ` by ${d.by}` : ''}`,
  'run.repaired': () => 'repaired what a crash left',
  'session.started': (d) => `session ${text(d.session)} started`,
  'round.started': (d) => `round ${text(d.round)}: ${text(d.objective)}`,
  'progress.note': (d) => text(d.text),
  'finding.added': (d) => `finding: ${text(d.text)}`,
  'decision.recorded': (d) => `decision: ${text(d.text)}`,
  'error.recorded': (d) => `error: ${text(d.text)}`,
  'task.created': (d) => `task created: ${text(d.subject)}`,
  'task.updated': () => 'task updated',
  'task.dependency_added': (d) => `now waits for #${text(d.blocked_by)}`,
  'task.claimed': (d) => `started${d.owner ? ` by ${d.owner}` : ''}`,
  'task.completed': (d) => `done: ${text(d.summary)}`,
  'task.failed': (d) => `failed: ${text(d.error)}`,
  'task.cancelled': (d) => `cancelled${reason(d.reason)}`,
  'task.requeued': (d) => `back to pending${reason(d.reason)}`,
  'plan.accepted': (d) => `plan accepted: ${count((d.tasks || []).length)} tasks from the ${text(d.source || 'planner')}`,
  'director.decided': (d) => `director: ${text(d.action)}${reason(d.reason)}`,
  'task.changes': (d) => `changed ${count((d.files || []).length)} files: `
    + `${(d.files || []).map((f) => `${text(f.path)}${f.change === 'modified' ? '' : ` (${f.change})`}`).join(', ')}`,
  'task.undone': (d) => `its changes undone (${text(d.why)}): ${count((d.restored || []).length)} put back`
    + `${(d.kept || []).length ? `, kept ${(d.kept || []).join(', ')}` : ''}`,
  'run.rolled_back': (d) => `rolled back ${text(d.scope)}${d.by ? ` by ${d.by}` : ''}: `
    + `${(d.restored || []).join(', ')}`,
  'checkpoints.off': (d) => text(d.reason),
  'report.written': (d) => `report written: ${text(d.title)}`,
  'llm.call': (d) => {
    const u = d.usage || {};
    return `model call: ${tokens(Number(u.input_tokens || 0) + Number(u.output_tokens || 0))}, `
      + `${costText(u)}, ${millis(d.duration_ms)}`;
  },
  'llm.retry': (d) => `model call failed (attempt ${text(d.attempt)}${d.status ? `, ${d.status}` : ''}): `
    + `${text(d.error)}; retrying after ${millis(d.wait_ms)}`,
  'approval.requested': (d) => `asks to run ${text(d.tool)}: ${text(d.preview).split('\n')[0]}`,
  'approval.answered': (d) => `approval #${text(d.id)}: ${text(d.decision).replace('_', ' ')}`
    + `${d.by ? ` by ${d.by}` : ''}${reason(d.reason)}`,
};

export function describe(event) {
  const line = LINES[event.type];
  const out = line ? line(event.data || {}) : JSON.stringify(event.data || {});
  return out.length > 400 ? `${out.slice(0, 399)}…` : out;
}

/** A class for the feed: model calls can be hidden, failures stand out. */
export function eventTag(type) {
  if (type === 'llm.call') return 'e-call';
  if (type === 'task.failed' || type === 'error.recorded' || type === 'llm.retry') return 'e-bad';
  if (type === 'task.completed' || type === 'report.written') return 'e-good';
  if (type.startsWith('approval.')) return 'e-approval';
  return 'e-info';
}
