// A run's task graph as SVG: dagre places the nodes and routes the edges, this module draws them. Each node is a
// link to its task (so the graph is keyboard-reachable), coloured by status with the status also in its text; the
// critical path is drawn thicker, in the accent colour.
import { graphlib, layout } from './vendor/dagre/dagre.esm.js';
import { h, s, fill } from './dom.js';

const NODE_HEIGHT = 46;
const MAX_LABEL = 32;
const STATUS = { pending: 'pending', in_progress: 'running', completed: 'done', failed: 'failed', cancelled: 'cancelled' };

export class TaskGraph {
  constructor(runId) {
    this.runId = runId;
    this.shape = null;
    this.element = h('div', { class: 'graph-wrap' });
    this.legend = h('ul', { class: 'legend', 'aria-label': 'Legend' },
      Object.entries(STATUS).map(([status, text]) => h('li', {}, h('span', { class: `swatch t-${status}` }), text)),
      h('li', {}, h('span', { class: 'swatch critical' }), 'critical path'));
  }

  /** Draws the graph again when its shape changed, else only recolours it (keeping keyboard focus). */
  update(tasks, critical) {
    const onPath = new Set(critical);
    const edges = edgesOf(tasks);
    const shape = JSON.stringify([tasks.map((t) => [t.id, t.subject]), edges]);
    if (shape !== this.shape) {
      this.shape = shape;
      this.draw(tasks, edges);
    }
    for (const t of tasks) {
      const node = this.nodes.get(t.id);
      node.setAttribute('class', `node t-${t.status}${onPath.has(t.id) ? ' critical' : ''}`);
      node.querySelector('.state').textContent = `#${t.id} · ${STATUS[t.status] || t.status}`;
      node.querySelector('title').textContent = `#${t.id} ${t.subject} (${STATUS[t.status] || t.status}`
        + `${onPath.has(t.id) ? ', on the critical path' : ''})`;
    }
    for (const [key, path] of this.edges) {
      const [from, to] = key.split('>').map(Number);
      const isCritical = adjacent(critical, from, to);
      path.setAttribute('class', `edge${isCritical ? ' critical' : ''}`);
      path.setAttribute('marker-end', `url(#arrow${isCritical ? '-critical' : ''})`);
    }
  }

  draw(tasks, edges) {
    this.nodes = new Map();
    this.edges = new Map();
    if (tasks.length === 0) {
      fill(this.element, h('p', { class: 'empty' }, 'No tasks yet: the planner has not submitted a plan.'));
      return;
    }
    const g = new graphlib.Graph();
    g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 48, marginx: 8, marginy: 8 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const t of tasks) {
      g.setNode(String(t.id), { width: nodeWidth(t), height: NODE_HEIGHT });
    }
    for (const [from, to] of edges) g.setEdge(String(from), String(to));
    layout(g);
    const { width, height } = g.graph();
    const svg = s('svg', {
      class: 'graph', width: Math.ceil(width), height: Math.ceil(height), viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`,
      role: 'group', 'aria-label': `Task graph: ${tasks.length} tasks`,
    },
    s('defs', {}, ['arrow', 'arrow-critical'].map((id) => s('marker', {
      id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, markerUnits: 'userSpaceOnUse',
      orient: 'auto',
    }, s('path', { d: 'M0,0 L10,5 L0,10 z', class: id })))));
    for (const [from, to] of edges) {
      const points = g.edge(String(from), String(to)).points;
      const d = points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
      const path = s('path', { d, class: 'edge', 'marker-end': 'url(#arrow)' });
      this.edges.set(`${from}>${to}`, path);
      svg.append(path);
    }
    for (const t of tasks) {
      const n = g.node(String(t.id));
      const x = n.x - n.width / 2;
      const y = n.y - n.height / 2;
      const link = s('a', { href: `#/runs/${encodeURIComponent(this.runId)}/tasks/${t.id}`, class: 'node' },
        s('title', {}, ''),
        s('rect', { x, y, width: n.width, height: n.height, rx: 6, ry: 6 }),
        s('text', { x: x + 10, y: y + 19, class: 'subject' }, clip(t.subject || `task ${t.id}`)),
        s('text', { x: x + 10, y: y + 36, class: 'state' }, ''));
      this.nodes.set(t.id, link);
      svg.append(link);
    }
    fill(this.element, svg);
  }
}

/** Edges from both sides: a finished task leaves its dependents' blockedBy but keeps its blocks. */
export function edgesOf(tasks) {
  const ids = new Set(tasks.map((t) => t.id));
  const seen = new Set();
  const edges = [];
  const add = (from, to) => {
    const key = `${from}>${to}`;
    if (ids.has(from) && ids.has(to) && !seen.has(key)) {
      seen.add(key);
      edges.push([from, to]);
    }
  };
  for (const t of tasks) {
    for (const before of t.blockedBy || []) add(before, t.id);
    for (const after of t.blocks || []) add(t.id, after);
  }
  return edges;
}

function adjacent(path, from, to) {
  const i = path.indexOf(from);
  return i >= 0 && path[i + 1] === to;
}

function clip(text) {
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}

function nodeWidth(t) {
  return Math.max(110, Math.min(MAX_LABEL, (t.subject || '').length) * 7.2 + 24);
}
