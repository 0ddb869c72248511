package com.acme.store;

import java.util.HashMap;
import java.util.Map;

/**
 * Stock levels by SKU. The one class every other module of the fixture leans on.
 */
public class Inventory {
    private final Map<String, Integer> stock = new HashMap<>();

    // class GhostInventory {}   <- a commented-out definition must not count
    /* public void ghostMethod() { } */

    public Inventory() {
    }

    public void addStock(String sku, int quantity) {
        stock.merge(sku, quantity, Integer::sum);
    }

    public int countOf(String sku) {
        return stock.getOrDefault(sku, 0);
    }

    public String describe() {
        return "class Phantom { }"; // a definition inside a string must not count either
    }

    static final class Snapshot {
        int size;
    }
}
