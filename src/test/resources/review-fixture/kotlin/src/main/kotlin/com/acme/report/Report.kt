package com.acme.report

import com.acme.store.Inventory

/* fun ghostReport(): String = "" */
data class Report(val title: String, val lines: List<String>) {
    fun render(): String = (listOf(title) + lines).joinToString("\n")

    companion object {
        fun empty(): Report = Report("empty", emptyList())
    }
}

fun buildReport(inventory: Inventory, skus: List<String>): Report =
    Report("stock", skus.map { sku -> "$sku: ${inventory.countOf(sku)}" })

fun Report.lineCount(): Int = lines.size

object ReportRegistry {
    private val reports = mutableListOf<Report>()
    fun register(report: Report) { reports += report }
}

const val DEFAULT_TITLE = "stock report"
