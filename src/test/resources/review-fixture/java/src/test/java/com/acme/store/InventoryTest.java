package com.acme.store;

class InventoryTest {
    void countsWhatWasAdded() {
        Inventory inventory = new Inventory();
        inventory.addStock("A-1", 3);
        assert inventory.countOf("A-1") == 3;
    }
}
