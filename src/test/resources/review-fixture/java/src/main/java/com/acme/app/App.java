package com.acme.app;

import com.acme.store.Inventory;
import com.acme.store.Item;

public final class App {
    public static void main(String[] args) {
        Inventory inventory = new Inventory();
        Item anvil = new Item("A-1", "anvil", 3);
        inventory.addStock(anvil.sku(), anvil.quantity());
        System.out.println(inventory.countOf("A-1"));
    }
}
