//! Ledger library.
pub mod ledger;

use crate::ledger::{Ledger, Auditable};

// pub fn ghost_total() -> i64 { 0 }

/// Sum of all entries.
pub fn total(ledger: &Ledger) -> i64 {
    ledger.entries().iter().sum()
}

pub fn audited<'a>(ledger: &'a Ledger) -> &'a str {
    if ledger.audit() { "ok" } else { "bad" }
}
