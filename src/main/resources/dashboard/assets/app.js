// The dashboard's shell: the token, the routes (#/, #/runs/ID, #/runs/ID/tasks/N), the server's health in the
// header, and the banner shown while the server cannot be reached.
import { Api, takeToken, keepToken, forgetToken, Offline } from './api.js';
import { h, fill } from './dom.js';
import { count } from './format.js';
import { RunsPage } from './runs.js';
import { RunPage } from './run.js';
import { TaskPage } from './task.js';

const main = document.getElementById('main');
const banner = document.getElementById('banner');
const healthLine = document.getElementById('health');

let view = null;
const api = new Api(takeToken(), askForToken);

api.connection.listen((up, detail, retryIn) => {
  banner.hidden = up;
  document.body.classList.toggle('offline', !up);
  if (!up) {
    fill(banner, h('strong', {}, 'The server cannot be reached.'),
      ` Trying again every ${Math.round(retryIn / 1000)} s; this page picks up where it was when the server is back.`);
    fill(healthLine, h('span', { class: 'dot down' }), 'disconnected');
  } else {
    refreshHealth();
    if (view && view.reconnected) view.reconnected();
  }
});

function route() {
  const hash = location.hash.startsWith('#/') ? location.hash.slice(1) : '/';
  const [path, query] = hash.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (view) view.dispose();
  const params = new URLSearchParams(query || '');
  if (parts.length === 0) {
    view = new RunsPage(api, params);
  } else if (parts[0] === 'runs' && parts.length === 2) {
    view = new RunPage(api, parts[1]);
  } else if (parts[0] === 'runs' && parts.length === 4 && parts[2] === 'tasks') {
    view = new TaskPage(api, parts[1], Number(parts[3]));
  } else {
    view = null;
    fill(main, h('section', { class: 'panel' }, h('h1', {}, 'Nothing here'),
      h('p', {}, h('a', { href: '#/' }, 'Back to all runs'))));
    return;
  }
  fill(main, view.element);
  view.start();
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

async function refreshHealth() {
  try {
    const health = await api.get('/api/health');
    fill(healthLine,
      h('span', { class: 'dot live', title: 'connected' }),
      `${count(health.running)} running · ${count(health.queued)} queued · pool of ${count(health.max_runs)}`);
    healthLine.dataset.roots = JSON.stringify(health.roots || []);
  } catch (e) {
    if (e instanceof Offline) fill(healthLine, h('span', { class: 'dot down' }), 'disconnected');
  }
}

function askForToken(message) {
  if (document.getElementById('token-form')) return;
  forgetToken();
  if (view) view.dispose();
  view = null;
  const input = h('input', {
    id: 'token', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true,
    'aria-describedby': 'token-help',
  });
  const form = h('form', {
    id: 'token-form', class: 'panel narrow',
    onsubmit: (e) => {
      e.preventDefault();
      keepToken(input.value.trim());
      location.reload();
    },
  },
  h('h1', {}, 'This server needs its token'),
  h('p', { class: 'error' }, message || 'The token was not accepted.'),
  h('p', { id: 'token-help' }, 'Open the dashboard address that ',
    h('code', {}, 'longtask serve'), ' printed (it carries the token once), or paste the token from the server\'s ',
    h('code', {}, '.longtask/server/token'), ' file.'),
  h('label', { for: 'token' }, 'Token'), input,
  h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Use this token')));
  fill(main, form);
  input.focus();
}

document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  main.focus();
});
window.addEventListener('hashchange', route);
route();
refreshHealth();
setInterval(() => { if (api.connection.up) refreshHealth(); }, 10000);
