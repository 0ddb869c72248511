#ifndef LEDGER_H
#define LEDGER_H

#include <stddef.h>

#define LEDGER_MAX 128

typedef struct {
    long amounts[LEDGER_MAX];
    size_t count;
} ledger_t;

typedef void (*ledger_visitor)(long amount);

/* int ghost_prototype(void); */
int ledger_add(ledger_t *ledger, long amount);
long ledger_sum(const ledger_t *ledger);
void ledger_each(const ledger_t *ledger, ledger_visitor visit);

#endif
