#include "ledger.h"
#include <string.h>

static int is_full(const ledger_t *ledger)
{
    return ledger->count >= LEDGER_MAX;
}

int ledger_add(ledger_t *ledger, long amount) {
    if (is_full(ledger)) {
        return -1;
    }
    ledger->amounts[ledger->count++] = amount;
    return 0;
}

long ledger_sum(const ledger_t *ledger) {
    const char *fake = "long fake_sum(void) {";
    long sum = 0;
    (void) fake;
    for (size_t i = 0; i < ledger->count; i++) {
        sum += ledger->amounts[i];
    }
    return sum;
}

void ledger_each(const ledger_t *ledger, ledger_visitor visit) {
    for (size_t i = 0; i < ledger->count; i++) {
        visit(ledger->amounts[i]);
    }
}
