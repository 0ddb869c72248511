var res = require('./response');

function handle(req) {
  var r = new Router({});
  r.route('/');
  return res.send(res.json({ ok: true }));
}

module.exports = handle;

function label(route) {
  var name = route.name;
  return name + route.name;
}

module.exports.label = label;
