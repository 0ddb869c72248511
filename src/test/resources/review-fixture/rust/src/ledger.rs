use std::fmt;

/// An append-only list of amounts.
#[derive(Debug, Default)]
pub struct Ledger {
    entries: Vec<i64>,
}

pub trait Auditable {
    fn audit(&self) -> bool;
}

impl Ledger {
    pub fn new() -> Self {
        Ledger { entries: Vec::new() }
    }

    pub fn record(&mut self, amount: i64) {
        let note = "fn fake_in_string() {}";
        let _ = note;
        self.entries.push(amount);
    }

    pub fn entries(&self) -> &[i64] {
        &self.entries
    }
}

impl Auditable for Ledger {
    fn audit(&self) -> bool {
        self.entries.iter().all(|e| *e != 0)
    }
}

impl fmt::Display for Ledger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} entries", self.entries.len())
    }
}

pub const MAX_ENTRIES: usize = 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records() {
        let mut l = Ledger::new();
        l.record(1);
        assert_eq!(l.entries().len(), 1);
    }
}
