/*!
 * express
 * Copyright(c) 2009-2013 TJ Holowaychuk
 * Copyright(c) 2014-2015 Douglas Christopher Wilson
 * MIT Licensed
 */
'use strict';
var contentDisposition = require('content-disposition');
var createError = require('http-errors')
var deprecate = require('depd')('express');
var encodeUrl = require('encodeurl');
var escapeHtml = require('escape-html');
var http = require('node:http');
var onFinished = require('on-finished');
var mime = require('mime-types')
var path = require('node:path');
var pathIsAbsolute = require('node:path').isAbsolute;
var statuses = require('statuses')
var sign = require('cookie-signature').sign;
var normalizeType = require('./utils').normalizeType;
var normalizeTypes = require('./utils').normalizeTypes;
var setCharset = require('./utils').setCharset;
var cookie = require('cookie');
var send = require('send');
var extname = path.extname;
var resolve = path.resolve;
var basename = path.basename;
var vary = require('vary');
const { Buffer } = require('node:buffer');
var res = Object.create(http.ServerResponse.prototype)
module.exports = res
res.status = function status(code) {
  if (!Number.isInteger(code)) {
    throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`);
  }
  if (code < 100 || code > 999) {
    throw new RangeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 1000.`);
  }
  this.statusCode = code;
  return this;
};
res.links = function(links) {
  var link = this.get('Link') || '';
  if (link) link += ', ';
  return this.set('Link', link + Object.keys(links).map(function(rel) {
    if (Array.isArray(links[rel])) {
      return links[rel].map(function (singleLink) {
        return `<${singleLink}>; rel="${rel}"`;
      }).join(', ');
    } else {
      return `<${links[rel]}>; rel="${rel}"`;
    }
  }).join(', '));
};
res.send = function send(body) {
  var chunk = body;
  var encoding;
  var req = this.req;
  var app = this.app;
  switch (typeof chunk) {
    case 'string':
      encoding = 'utf8';
      const type = this.get('Content-Type');
      if (typeof type === 'string') {
        this.set('Content-Type', setCharset(type, 'utf-8'));
      } else {
        this.type('html');
      }
      break;
    case 'boolean':
    case 'number':
    case 'object':
      if (chunk === null) {
        chunk = '';
      } else if (ArrayBuffer.isView(chunk)) {
        if (!this.get('Content-Type')) {
          this.type('bin');
        }
      } else {
        return this.json(chunk);
      }
      break;
  }
  var etagFn = app.get('etag fn')
  var generateETag = !this.get('ETag') && typeof etagFn === 'function'
  var len;
  if (chunk !== undefined && !this.get('Transfer-Encoding')) {
    if (Buffer.isBuffer(chunk)) {
      len = chunk.length
    } else if (!generateETag && chunk.length < 1000) {
      len = Buffer.byteLength(chunk, encoding)
    } else {
      chunk = Buffer.from(chunk, encoding)
      encoding = undefined;
      len = chunk.length
    }
    this.set('Content-Length', len);
  }
  var etag;
  if (generateETag && len !== undefined) {
    if ((etag = etagFn(chunk, encoding))) {
      this.set('ETag', etag);
    }
  }
  if (req.fresh) this.status(304);
  if (204 === this.statusCode || 304 === this.statusCode) {
    this.removeHeader('Content-Type');
    this.removeHeader('Content-Length');
    this.removeHeader('Transfer-Encoding');
    chunk = '';
  }
  if (this.statusCode === 205) {
    this.set('Content-Length', '0')
    this.removeHeader('Transfer-Encoding')
    chunk = ''
  }
  if (req.method === 'HEAD') {
    this.end();
  } else {
    this.end(chunk, encoding);
  }
  return this;
};
res.json = function json(obj) {
  var app = this.app;
  var escape = app.get('json escape')
  var replacer = app.get('json replacer');
  var spaces = app.get('json spaces');
  var body = stringify(obj, replacer, spaces, escape)
  if (!this.get('Content-Type')) {
    this.set('Content-Type', 'application/json');
  }
  return this.send(body);
};
res.jsonp = function jsonp(obj) {
  var app = this.app;
  var escape = app.get('json escape')
  var replacer = app.get('json replacer');
  var spaces = app.get('json spaces');
  var body = stringify(obj, replacer, spaces, escape)
  var callback = this.req.query[app.get('jsonp callback name')];
  if (!this.get('Content-Type')) {
    this.set('X-Content-Type-Options', 'nosniff');
    this.set('Content-Type', 'application/json');
  }
  if (Array.isArray(callback)) {
    callback = callback[0];
  }
  if (typeof callback === 'string' && callback.length !== 0) {
    this.set('X-Content-Type-Options', 'nosniff');
    this.set('Content-Type', 'text/javascript');
    callback = callback.replace(/[^\[\]\w$.]/g, '');
    if (body === undefined) {
      body = ''
    } else if (typeof body === 'string') {
      body = body
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029')
    }
    body = '/**/ typeof ' + callback + ' === \'function\' && ' + callback + '(' + body + ');';
  }
  return this.send(body);
};
res.sendStatus = function sendStatus(statusCode) {
  var body = statuses.message[statusCode] || String(statusCode)
  this.status(statusCode);
  this.type('txt');
  return this.send(body);
};
res.sendFile = function sendFile(path, options, callback) {
  var done = callback;
  var req = this.req;
  var res = this;
  var next = req.next;
  var opts = options || {};
  if (!path) {
    throw new TypeError('path argument is required to res.sendFile');
  }
  if (typeof path !== 'string') {
    throw new TypeError('path must be a string to res.sendFile')
  }
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  if (!opts.root && !pathIsAbsolute(path)) {
    throw new TypeError('path must be absolute or specify root to res.sendFile');
  }
  var pathname = encodeURI(path);
  opts.etag = this.app.enabled('etag');
  var file = send(req, pathname, opts);
  sendfile(res, file, opts, function (err) {
    if (done) return done(err);
    if (err && err.code === 'EISDIR') return next();
    if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write') {
      next(err);
    }
  });
};
res.download = function download (path, filename, options, callback) {
  var done = callback;
  var name = filename;
  var opts = options || null
  if (typeof filename === 'function') {
    done = filename;
    name = null;
    opts = null
  } else if (typeof options === 'function') {
    done = options
    opts = null
  }
  if (typeof filename === 'object' &&
    (typeof options === 'function' || options === undefined)) {
    name = null
    opts = filename
  }
  var headers = {
    'Content-Disposition': contentDisposition.create(basename(name || path))
  };
  if (opts && opts.headers) {
    var keys = Object.keys(opts.headers)
    for (var i = 0; i < keys.length; i++) {
      var key = keys[i]
      if (key.toLowerCase() !== 'content-disposition') {
        headers[key] = opts.headers[key]
      }
    }
  }
  opts = Object.create(opts)
  opts.headers = headers
  var fullPath = !opts.root
    ? resolve(path)
    : path
  return this.sendFile(fullPath, opts, done)
};
res.contentType =
res.type = function contentType(type) {
  var ct = type.indexOf('/') === -1
    ? (mime.contentType(type) || 'application/octet-stream')
    : type;
  return this.set('Content-Type', ct);
};
res.format = function(obj){
  var req = this.req;
  var next = req.next;
  var keys = Object.keys(obj)
    .filter(function (v) { return v !== 'default' })
  var key = keys.length > 0
    ? req.accepts(keys)
    : false;
  this.vary("Accept");
  if (key) {
    this.set('Content-Type', normalizeType(key).value);
    obj[key](req, this, next);
  } else if (obj.default) {
    obj.default(req, this, next)
  } else {
    next(createError(406, {
      types: normalizeTypes(keys).map(function (o) { return o.value })
    }))
  }
  return this;
};
res.attachment = function attachment(filename) {
  const name = filename !== undefined ? basename(filename) : undefined;
  if (name) {
    this.type(extname(name));
  }
  this.set('Content-Disposition', contentDisposition.create(name));
  return this;
};
res.append = function append(field, val) {
  var prev = this.get(field);
  var value = val;
  if (prev) {
    value = Array.isArray(prev) ? prev.concat(val)
      : Array.isArray(val) ? [prev].concat(val)
        : [prev, val]
  }
  return this.set(field, value);
};
res.set =
res.header = function header(field, val) {
  if (arguments.length === 2) {
    var value = Array.isArray(val)
      ? val.map(String)
      : String(val);
    if (field.toLowerCase() === 'content-type') {
      if (Array.isArray(value)) {
        throw new TypeError('Content-Type cannot be set to an Array');
      }
      value = mime.contentType(value)
    }
    this.setHeader(field, value);
  } else {
    for (var key in field) {
      this.set(key, field[key]);
    }
  }
  return this;
};
res.get = function(field){
  return this.getHeader(field);
};
res.clearCookie = function clearCookie(name, options) {
  const opts = { path: '/', ...options, expires: new Date(1)};
  delete opts.maxAge
  return this.cookie(name, '', opts);
};
res.cookie = function (name, value, options) {
  var opts = { ...options };
  var secret = this.req.secret;
  var signed = opts.signed;
  if (signed && !secret) {
    throw new Error('cookieParser("secret") required for signed cookies');
  }
  var val = typeof value === 'object'
    ? 'j:' + JSON.stringify(value)
    : String(value);
  if (signed) {
    val = 's:' + sign(val, secret);
  }
  if (opts.maxAge != null) {
    var maxAge = opts.maxAge - 0
    if (!isNaN(maxAge)) {
      opts.expires = new Date(Date.now() + maxAge)
      opts.maxAge = Math.floor(maxAge / 1000)
    }
  }
  if (opts.path == null) {
    opts.path = '/';
  }
  this.append('Set-Cookie', cookie.serialize(name, String(val), opts));
  return this;
};
res.location = function location(url) {
  return this.set('Location', encodeUrl(url));
};
res.redirect = function redirect(url) {
  var address = url;
  var body;
  var status = 302;
  if (arguments.length === 2) {
    status = arguments[0]
    address = arguments[1]
  }
  if (!address) {
    deprecate('Provide a url argument');
  }
  if (typeof address !== 'string') {
    deprecate('Url must be a string');
  }
  if (typeof status !== 'number') {
    deprecate('Status must be a number');
  }
  address = this.location(address).get('Location');
  this.format({
    text: function(){
      body = statuses.message[status] + '. Redirecting to ' + address
    },
    html: function(){
      var u = escapeHtml(address);
      body = '<!DOCTYPE html><head><title>' + statuses.message[status] + '</title></head>'
       + '<body><p>' + statuses.message[status] + '. Redirecting to ' + u + '</p></body>'
    },
    default: function(){
      body = '';
    }
  });
  this.status(status);
  this.set('Content-Length', Buffer.byteLength(body));
  if (this.req.method === 'HEAD') {
    this.end();
  } else {
    this.end(body);
  }
};
res.vary = function(field){
  vary(this, field);
  return this;
};
res.render = function render(view, options, callback) {
  var app = this.req.app;
  var done = callback;
  var opts = options || {};
  var req = this.req;
  var self = this;
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  opts._locals = self.locals;
  done = done || function (err, str) {
    if (err) return req.next(err);
    self.send(str);
  };
  app.render(view, opts, done);
};
function sendfile(res, file, options, callback) {
  var done = false;
  var streaming;
  function onaborted() {
    if (done) return;
    done = true;
    var err = new Error('Request aborted');
    err.code = 'ECONNABORTED';
    callback(err);
  }
  function ondirectory() {
    if (done) return;
    done = true;
    var err = new Error('EISDIR, read');
    err.code = 'EISDIR';
    callback(err);
  }
  function onerror(err) {
    if (done) return;
    done = true;
    callback(err);
  }
  function onend() {
    if (done) return;
    done = true;
    callback();
  }
  function onfile() {
    streaming = false;
  }
  function onfinish(err) {
    if (err && err.code === 'ECONNRESET') return onaborted();
    if (err) return onerror(err);
    if (done) return;
    setImmediate(function () {
      if (streaming !== false && !done) {
        onaborted();
        return;
      }
      if (done) return;
      done = true;
      callback();
    });
  }
  function onstream() {
    streaming = true;
  }
  file.on('directory', ondirectory);
  file.on('end', onend);
  file.on('error', onerror);
  file.on('file', onfile);
  file.on('stream', onstream);
  onFinished(res, onfinish);
  if (options.headers) {
    file.on('headers', function headers(res) {
      var obj = options.headers;
      var keys = Object.keys(obj);
      for (var i = 0; i < keys.length; i++) {
        var k = keys[i];
        res.setHeader(k, obj[k]);
      }
    });
  }
  file.pipe(res);
}
function stringify (value, replacer, spaces, escape) {
  var json = replacer || spaces
    ? JSON.stringify(value, replacer, spaces)
    : JSON.stringify(value);
  if (escape && typeof json === 'string') {
    json = json.replace(/[<>&]/g, function (c) {
      switch (c.charCodeAt(0)) {
        case 0x3c:
          return '\\u003c'
        case 0x3e:
          return '\\u003e'
        case 0x26:
          return '\\u0026'
        default:
          return c
      }
    })
  }
  return json
}
