#ifndef HOOKS_H
#define HOOKS_H

typedef void hook_fn_t(int event, void *data);
typedef int (*compare_fn)(const void *a, const void *b);

void hooks_register(hook_fn_t *fn);

#endif
