package dev.longtask.review.map;

import java.util.List;

/**
 * One import as written: a module path ({@code com.acme.Item}, {@code ..pricing}, {@code ./api},
 * {@code example.com/acme/inventory}, {@code crate::ledger::Ledger}, {@code ledger.h}, {@code <stdio.h>}) and,
 * for Python's {@code from M import a, b}, the names imported (they may be submodules).
 */
record Import(String module, List<String> names) {
    Import(String module) {
        this(module, List.of());
    }
}
