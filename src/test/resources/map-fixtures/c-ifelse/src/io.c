#include <stdio.h>

#ifdef _WIN32
static int open_file(const wchar_t *path) {
#else
static int open_file(const char *path) {
#endif
    return path != 0;
}

int read_all(const char *path) {
    return open_file(path);
}

int write_all(const char *path, const char *data) {
    return data != 0 && open_file(path);
}

int close_all(void) {
    return 0;
}
