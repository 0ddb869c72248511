#include <stdlib.h>

void list_free(void *items) {
    free(items);
}

void list_clear(void *items, int n) {
    for (int i = 0; i < n; i++) {
        list_free(items);
    }
}
