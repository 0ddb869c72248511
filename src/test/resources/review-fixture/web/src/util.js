'use strict';

const path = require('path');

/* function ghostUtil() {} */
function formatPrice(amount) {
  return `$${amount.toFixed(2)}`;
}

const roundCents = (amount) => Math.round(amount * 100) / 100;

module.exports = { formatPrice, roundCents };
