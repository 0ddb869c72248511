use ledger::ledger::Ledger;

fn main() {
    let mut ledger = Ledger::new();
    ledger.record(5);
    println!("{}", ledger::total(&ledger));
}
