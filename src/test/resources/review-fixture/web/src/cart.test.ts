import { Cart } from './cart';

test('adds', () => {
  new Cart().add('x');
});
