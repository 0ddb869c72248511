'use strict';

var res = Object.create(null);
module.exports = res;

res.send = function send(body) {
  return this.end(body);
};

res.json = function json(obj) {
  return this.send(JSON.stringify(obj));
};

exports.status = function (code) {
  this.statusCode = code;
  return this;
};

function Router(options) {
  this.stack = [];
}

Router.prototype.route = function route(path) {
  return path;
};
