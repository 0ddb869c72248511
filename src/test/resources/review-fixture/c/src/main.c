#include <stdio.h>
#include "../include/ledger.h"

static void print_amount(long amount) {
    printf("%ld\n", amount);
}

int main(void) {
    ledger_t ledger = {0};
    ledger_add(&ledger, 5);
    ledger_each(&ledger, print_amount);
    printf("%ld\n", ledger_sum(&ledger));
    return 0;
}
