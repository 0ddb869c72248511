package com.acme.report

import com.acme.store.Inventory

interface Auditor {
    fun audit(inventory: Inventory): Report
}

class StockAuditor : Auditor {
    override fun audit(inventory: Inventory): Report = buildReport(inventory, listOf("A-1"))
}
