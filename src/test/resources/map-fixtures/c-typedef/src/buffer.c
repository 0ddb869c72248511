#include <string.h>

void buffer_reset(char *buf, int size) {
    memset(buf, 0, size);
}

void buffer_copy(char *dst, const char *src, int size) {
    memcpy(dst, src, size);
}
