// The server's API as the page uses it: every call carries the token in the Authorization header; the live
// event streams are read with fetch (so the token stays in a header there too) and pick up after the last event
// they saw when the connection comes back. The runs page's WebSocket is the one place the token goes in the URL,
// as browsers cannot set headers on a WebSocket.

const TOKEN_KEY = 'longtask.token';

/**
 * A refusal from the API, with its one-line message, for a submission the field at fault, and for a rollback the
 * files in the way (each with who changed it).
 */
export class ApiError extends Error {
  constructor(status, code, message, field, refused) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field || null;
    this.refused = refused || [];
  }
}

/** The server could not be reached at all. */
export class Offline extends Error {}

/** Takes ?access_token= from the address once, keeps it for this origin, and removes it from the address bar. */
export function takeToken() {
  const url = new URL(location.href);
  const given = url.searchParams.get('access_token');
  if (given) {
    localStorage.setItem(TOKEN_KEY, given);
    url.searchParams.delete('access_token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  return localStorage.getItem(TOKEN_KEY);
}

export function keepToken(token) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function forgetToken() {
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * Whether the server answers. Any failed request marks it down; then /api/health is tried again with a growing
 * pause (1 s up to 5 s) until it answers, and every listener hears that it is back.
 */
export class Connection {
  constructor(api) {
    this.api = api;
    this.up = true;
    this.listeners = new Set();
    this.retryIn = 1000;
    this.timer = null;
  }

  /** listener(up, detail) */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  down(reason) {
    if (this.up) {
      this.up = false;
      this.retryIn = 1000;
      this.notify(reason);
    }
    if (this.timer === null) this.timer = setTimeout(() => this.probe(), this.retryIn);
  }

  ok() {
    if (!this.up) {
      this.up = true;
      this.notify();
    }
  }

  async probe() {
    this.timer = null;
    try {
      await this.api.get('/api/health');
    } catch (e) {
      if (e instanceof Offline) {
        this.retryIn = Math.min(this.retryIn * 2, 5000);
        this.notify(e.message);
        this.timer = setTimeout(() => this.probe(), this.retryIn);
      }
    }
  }

  notify(detail) {
    for (const listener of this.listeners) listener(this.up, detail, this.retryIn);
  }
}

export class Api {
  constructor(token, onUnauthorized) {
    this.token = token;
    this.onUnauthorized = onUnauthorized;
    this.connection = new Connection(this);
  }

  headers(extra) {
    const headers = { ...extra };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  get(path, signal) {
    return this.request('GET', path, undefined, signal);
  }

  post(path, body) {
    return this.request('POST', path, body === undefined ? {} : body);
  }

  async request(method, path, body, signal) {
    let response;
    try {
      response = await fetch(path, {
        method,
        headers: this.headers(body === undefined ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' }),
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        signal,
      });
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      this.connection.down('the server does not answer');
      throw new Offline('the server does not answer');
    }
    this.connection.ok();
    return this.read(response);
  }

  async read(response) {
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) return json;
    const error = (json && json.error) || {};
    if (response.status === 401) this.onUnauthorized(error.message);
    throw new ApiError(response.status, error.code || `http_${response.status}`,
      error.message || `the server answered ${response.status} ${response.statusText}`, error.field, error.refused);
  }

  /** The run's events of `types` (e.g. 'approval.*') with a seq up to `until`, read from the log page by page. */
  async eventsUntil(runId, types, until) {
    const found = [];
    let after = 0;
    while (after < until) {
      const page = await this.get(`/api/runs/${encodeURIComponent(runId)}/events?types=${encodeURIComponent(types)}`
        + `&after=${after}&limit=5000`);
      found.push(...page.events.filter((e) => e.seq <= until));
      if (page.next_after <= after) break;
      after = page.next_after;
    }
    return found;
  }

  /**
   * Follows a run's events (Server-Sent Events) from after `after`: onEvent(event) for each, in order, none twice;
   * onEnd(data) when the run has ended and the stream closed. A dropped connection is retried with Last-Event-ID.
   * Returns {close()}.
   */
  follow(runId, { after = 0, types = null, onEvent, onEnd = () => {}, onError = () => {} }) {
    const api = this;
    const controller = new AbortController();
    let last = after;
    let closed = false;
    let wait = 1000;
    const query = types ? `?types=${encodeURIComponent(types)}` : '';

    async function connect() {
      while (!closed) {
        let response;
        try {
          response = await fetch(`/api/runs/${encodeURIComponent(runId)}/events${query}`, {
            headers: api.headers({ Accept: 'text/event-stream', 'Last-Event-ID': String(last) }),
            cache: 'no-store',
            signal: controller.signal,
          });
        } catch (e) {
          if (closed) return;
          api.connection.down('the server does not answer');
          await pause(wait);
          wait = Math.min(wait * 2, 5000);
          continue;
        }
        if (!response.ok) {
          try {
            await api.read(response);
          } catch (e) {
            onError(e);
          }
          return;
        }
        api.connection.ok();
        wait = 1000;
        try {
          const ended = await readStream(response.body, (id, type, data) => {
            if (type === 'end') {
              closed = true;
              onEnd(JSON.parse(data));
              return;
            }
            if (id) last = Number(id);
            onEvent(JSON.parse(data));
          });
          if (ended || closed) return;
        } catch (e) {
          if (closed) return;
          api.connection.down('the event stream broke off');
        }
        await pause(wait);
      }
    }

    connect();
    return {
      close() {
        closed = true;
        controller.abort();
      },
    };
  }

  /**
   * The WebSocket stream of every run's events (run-level ones plus those named in `types`); reconnects by itself,
   * calling onOpen() each time so the page can read again what it may have missed. Returns {close()}.
   */
  stream({ types, onEvent, onOpen }) {
    const api = this;
    let socket = null;
    let closed = false;
    let wait = 1000;
    function open() {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const token = api.token ? `?access_token=${encodeURIComponent(api.token)}` : '';
      socket = new WebSocket(`${scheme}://${location.host}/api/stream${token}`);
      socket.onmessage = (message) => {
        const data = JSON.parse(message.data);
        if (data.type === 'hello') {
          socket.send(JSON.stringify({ type: 'subscribe', runs: ['*'], types }));
        } else if (data.type === 'subscribed') {
          wait = 1000;
          api.connection.ok();
          onOpen();
        } else if (data.type === 'event') {
          onEvent(data.run_id, data.event);
        }
      };
      socket.onclose = () => {
        if (closed) return;
        api.connection.down('the live stream closed');
        setTimeout(() => { if (!closed) open(); }, wait);
        wait = Math.min(wait * 2, 5000);
      };
    }
    open();
    return {
      close() {
        closed = true;
        if (socket) socket.close();
      },
    };
  }
}

function pause(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

/** Reads an event stream; true when it ended with an `end` event, false when the connection closed. */
async function readStream(body, dispatch) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let id = null;
  let type = null;
  let data = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += value;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      let line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length > 0 || type) {
          const isEnd = type === 'end';
          dispatch(id, type || 'message', data.join('\n'));
          if (isEnd) {
            reader.cancel().catch(() => {});
            return true;
          }
        }
        id = null;
        type = null;
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value2 = colon < 0 ? '' : line.slice(colon + 1);
        if (value2.startsWith(' ')) value2 = value2.slice(1);
        if (field === 'id') id = value2;
        else if (field === 'event') type = value2;
        else if (field === 'data') data.push(value2);
      }
    }
  }
}
