// Building the page without innerHTML: text is always text. The one exception, html(), takes Markdown the
// server rendered with raw HTML escaped.

/** h('a', {href: '#/', class: 'x', onclick: fn}, 'text', child, [more]): an HTML element. */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** The same for an SVG element. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS('http://www.w3.org/2000/svg', tag), attrs, children);
}

function build(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value);
    } else if (name === 'dataset') {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces the children of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Markdown the server rendered (raw HTML in it escaped, links sanitised). */
export function html(rendered) {
  const div = document.createElement('div');
  div.className = 'markdown';
  div.innerHTML = rendered;
  for (const a of div.querySelectorAll('a[href]')) {
    a.rel = 'noopener noreferrer';
    a.target = '_blank';
  }
  return div;
}

/** Calls fn once, `ms` after the first of a burst of calls; cancel() drops a pending call. */
export function debounce(fn, ms) {
  let timer = null;
  const run = () => { timer = null; fn(); };
  const call = () => { if (timer === null) timer = setTimeout(run, ms); };
  call.cancel = () => { clearTimeout(timer); timer = null; };
  return call;
}
