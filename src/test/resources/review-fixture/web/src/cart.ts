import { ApiClient, createApi, ItemId } from './api';
import { formatPrice } from './util.js';

export class Cart {
  private items: ItemId[] = [];

  constructor(private readonly api: ApiClient = createApi('/v1')) {}

  add(id: ItemId): void {
    this.items.push(id);
  }

  total = (price: number): string => formatPrice(price * this.items.length);
}
