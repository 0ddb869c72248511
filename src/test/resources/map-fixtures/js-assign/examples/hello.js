var name = 'hello';
var app = require('../lib/app');
console.log(name, app);
