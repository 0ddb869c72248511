/*!
 * express
 * Copyright(c) 2009-2013 TJ Holowaychuk
 * Copyright(c) 2013 Roman Shtylman
 * Copyright(c) 2014-2015 Douglas Christopher Wilson
 * MIT Licensed
 */
'use strict';
var accepts = require('accepts');
var isIP = require('node:net').isIP;
var typeis = require('type-is');
var http = require('node:http');
var fresh = require('fresh');
var parseRange = require('range-parser');
var parse = require('parseurl');
var proxyaddr = require('proxy-addr');
var req = Object.create(http.IncomingMessage.prototype)
module.exports = req
req.get =
req.header = function header(name) {
  if (!name) {
    throw new TypeError('name argument is required to req.get');
  }
  if (typeof name !== 'string') {
    throw new TypeError('name must be a string to req.get');
  }
  var lc = name.toLowerCase();
  switch (lc) {
    case 'referer':
    case 'referrer':
      return this.headers.referrer
        || this.headers.referer;
    default:
      return this.headers[lc];
  }
};
req.accepts = function(){
  var accept = accepts(this);
  return accept.types.apply(accept, arguments);
};
req.acceptsEncodings = function(){
  var accept = accepts(this);
  return accept.encodings.apply(accept, arguments);
};
req.acceptsCharsets = function(...charsets) {
  const accept = accepts(this);
  return accept.charsets(...charsets);
};
req.acceptsLanguages = function(...languages) {
  return accepts(this).languages(...languages);
};
req.range = function range(size, options) {
  var range = this.get('Range');
  if (!range) return;
  return parseRange(size, range, options);
};
defineGetter(req, 'query', function query(){
  var queryparse = this.app.get('query parser fn');
  if (!queryparse) {
    return Object.create(null);
  }
  var querystring = parse(this).query;
  return queryparse(querystring);
});
req.is = function is(types) {
  var arr = types;
  if (!Array.isArray(types)) {
    arr = new Array(arguments.length);
    for (var i = 0; i < arr.length; i++) {
      arr[i] = arguments[i];
    }
  }
  return typeis(this, arr);
};
defineGetter(req, 'protocol', function protocol(){
  var proto = this.socket.encrypted
    ? 'https'
    : 'http';
  var trust = this.app.get('trust proxy fn');
  if (!trust(this.socket.remoteAddress, 0)) {
    return proto;
  }
  var header = this.get('X-Forwarded-Proto') || proto
  var index = header.indexOf(',')
  return index !== -1
    ? header.substring(0, index).trim()
    : header.trim()
});
defineGetter(req, 'secure', function secure(){
  return this.protocol === 'https';
});
defineGetter(req, 'ip', function ip(){
  var trust = this.app.get('trust proxy fn');
  return proxyaddr(this, trust);
});
defineGetter(req, 'ips', function ips() {
  var trust = this.app.get('trust proxy fn');
  var addrs = proxyaddr.all(this, trust);
  addrs.reverse().pop()
  return addrs
});
defineGetter(req, 'subdomains', function subdomains() {
  var hostname = this.hostname;
  if (!hostname) return [];
  var offset = this.app.get('subdomain offset');
  var subdomains = !isIP(hostname)
    ? hostname.split('.').reverse()
    : [hostname];
  return subdomains.slice(offset);
});
defineGetter(req, 'path', function path() {
  return parse(this).pathname;
});
defineGetter(req, 'host', function host(){
  var trust = this.app.get('trust proxy fn');
  var val = this.get('X-Forwarded-Host');
  if (!val || !trust(this.socket.remoteAddress, 0)) {
    val = this.get('Host');
  } else if (val.indexOf(',') !== -1) {
    val = val.substring(0, val.indexOf(',')).trimEnd()
  }
  return val || undefined;
});
defineGetter(req, 'hostname', function hostname(){
  var host = this.host;
  if (!host) return;
  var offset = host[0] === '['
    ? host.indexOf(']') + 1
    : 0;
  var index = host.indexOf(':', offset);
  return index !== -1
    ? host.substring(0, index)
    : host;
});
defineGetter(req, 'fresh', function(){
  var method = this.method;
  var res = this.res
  var status = res.statusCode
  if ('GET' !== method && 'HEAD' !== method && 'QUERY' !== method) return false;
  if ((status >= 200 && status < 300) || 304 === status) {
    return fresh(this.headers, {
      'etag': res.get('ETag'),
      'last-modified': res.get('Last-Modified')
    })
  }
  return false;
});
defineGetter(req, 'stale', function stale(){
  return !this.fresh;
});
defineGetter(req, 'xhr', function xhr(){
  var val = this.get('X-Requested-With') || '';
  return val.toLowerCase() === 'xmlhttprequest';
});
function defineGetter(obj, name, getter) {
  Object.defineProperty(obj, name, {
    configurable: true,
    enumerable: true,
    get: getter
  });
}
