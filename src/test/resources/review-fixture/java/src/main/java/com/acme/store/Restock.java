package com.acme.store;

/** Tops up stock; same package as Inventory, so it uses it without an import. */
final class Restock {
    private final Inventory inventory;

    Restock(Inventory inventory) {
        this.inventory = inventory;
    }

    void topUp(Item item, int target) {
        int missing = target - inventory.countOf(item.sku());
        if (missing > 0) {
            inventory.addStock(item.sku(), missing);
        }
    }
}
