package com.acme.store;

/** One stock-keeping unit. */
public record Item(String sku, String name, int quantity) {
    public Item {
        if (quantity < 0) {
            throw new IllegalArgumentException("negative quantity for " + sku);
        }
    }

    public boolean isEmpty() {
        return quantity == 0;
    }
}
