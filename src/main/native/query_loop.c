/*
 * One JNI call that runs a tree-sitter query over a tree and returns every match at once, for
 * dev.longtask.review.map.QueryLoop. The jar's binding hands each match over as Java objects built field by
 * field (a class and a field lookup per value), which made reading the captures cost as much as the query; here a
 * file's matches come back as one int array, and a TSNode object is made only for the captures the caller will
 * walk the tree from. Compiled into the runtime's library by build.sh; without it the caller uses the jar's path.
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <tree_sitter/api.h>

typedef struct {
    jint *data;
    size_t size;
    size_t capacity;
} IntBuffer;

static int push(IntBuffer *buffer, jint value) {
    if (buffer->size == buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 4096;
        jint *data = realloc(buffer->data, capacity * sizeof(jint));
        if (!data) {
            return 0;
        }
        buffer->data = data;
        buffer->capacity = capacity;
    }
    buffer->data[buffer->size++] = value;
    return 1;
}

typedef struct {
    TSNode *data;
    size_t size;
    size_t capacity;
} NodeBuffer;

static int push_node(NodeBuffer *buffer, TSNode node) {
    if (buffer->size == buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 256;
        TSNode *data = realloc(buffer->data, capacity * sizeof(TSNode));
        if (!data) {
            return 0;
        }
        buffer->data = data;
        buffer->capacity = capacity;
    }
    buffer->data[buffer->size++] = node;
    return 1;
}

/*
 * Class:     dev_longtask_review_map_QueryLoop
 * Method:    matches
 * Signature: (Lorg/treesitter/TSQuery;Lorg/treesitter/TSNode;[Z)[Ljava/lang/Object;
 *
 * Returns {int[] matches, TSNode[] nodes}. matches holds, per match: the pattern index, the capture count, then
 * per capture its capture index, start byte, end byte and the index of its node in nodes (-1 when none was
 * made). Nodes are made for every capture of a match that has a capture whose index is flagged in wantNodes.
 */
JNIEXPORT jobjectArray JNICALL Java_dev_longtask_review_map_QueryLoop_matches(JNIEnv *env, jclass clazz,
        jobject query_object, jobject root_object, jbooleanArray want_nodes) {
    jclass query_class = (*env)->GetObjectClass(env, query_object);
    jclass node_class = (*env)->GetObjectClass(env, root_object);
    jfieldID query_ptr = (*env)->GetFieldID(env, query_class, "ptr", "J");
    jfieldID context[4] = {
        (*env)->GetFieldID(env, node_class, "context0", "I"),
        (*env)->GetFieldID(env, node_class, "context1", "I"),
        (*env)->GetFieldID(env, node_class, "context2", "I"),
        (*env)->GetFieldID(env, node_class, "context3", "I"),
    };
    jfieldID id_ptr = (*env)->GetFieldID(env, node_class, "idPtr", "J");
    jfieldID tree_ptr = (*env)->GetFieldID(env, node_class, "treePtr", "J");
    jfieldID tree_field = (*env)->GetFieldID(env, node_class, "tree", "Lorg/treesitter/TSTree;");
    if (!query_ptr || !context[0] || !context[1] || !context[2] || !context[3] || !id_ptr || !tree_ptr
            || !tree_field) {
        return NULL; /* NoSuchFieldError pending */
    }
    TSQuery *query = (TSQuery *) (intptr_t) (*env)->GetLongField(env, query_object, query_ptr);
    TSNode root;
    for (int k = 0; k < 4; k++) {
        root.context[k] = (uint32_t) (*env)->GetIntField(env, root_object, context[k]);
    }
    root.id = (const void *) (intptr_t) (*env)->GetLongField(env, root_object, id_ptr);
    root.tree = (const TSTree *) (intptr_t) (*env)->GetLongField(env, root_object, tree_ptr);
    jobject tree = (*env)->GetObjectField(env, root_object, tree_field);

    jsize flag_count = (*env)->GetArrayLength(env, want_nodes);
    jboolean *flags = (*env)->GetBooleanArrayElements(env, want_nodes, NULL);
    if (!flags) {
        return NULL;
    }
    IntBuffer ints = {0};
    NodeBuffer nodes = {0};
    int ok = 1;
    TSQueryCursor *cursor = ts_query_cursor_new();
    ts_query_cursor_exec(cursor, query, root);
    TSQueryMatch match;
    while (ok && ts_query_cursor_next_match(cursor, &match)) {
        int want = 0;
        for (uint16_t c = 0; c < match.capture_count; c++) {
            uint32_t index = match.captures[c].index;
            if (index < (uint32_t) flag_count && flags[index]) {
                want = 1;
            }
        }
        ok = push(&ints, match.pattern_index) && push(&ints, match.capture_count);
        for (uint16_t c = 0; ok && c < match.capture_count; c++) {
            TSNode node = match.captures[c].node;
            ok = push(&ints, (jint) match.captures[c].index) && push(&ints, (jint) ts_node_start_byte(node))
                    && push(&ints, (jint) ts_node_end_byte(node))
                    && push(&ints, want ? (jint) nodes.size : -1);
            if (ok && want) {
                ok = push_node(&nodes, node);
            }
        }
    }
    ts_query_cursor_delete(cursor);
    (*env)->ReleaseBooleanArrayElements(env, want_nodes, flags, JNI_ABORT);

    jobjectArray result = NULL;
    if (!ok) {
        (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/OutOfMemoryError"), "query matches");
        goto done;
    }
    jintArray int_array = (*env)->NewIntArray(env, (jsize) ints.size);
    if (!int_array) {
        goto done;
    }
    (*env)->SetIntArrayRegion(env, int_array, 0, (jsize) ints.size, ints.data);
    jobjectArray node_array = (*env)->NewObjectArray(env, (jsize) nodes.size, node_class, NULL);
    if (!node_array) {
        goto done;
    }
    for (size_t k = 0; k < nodes.size; k++) {
        jobject object = (*env)->AllocObject(env, node_class);
        if (!object) {
            goto done;
        }
        TSNode node = nodes.data[k];
        for (int c = 0; c < 4; c++) {
            (*env)->SetIntField(env, object, context[c], (jint) node.context[c]);
        }
        (*env)->SetLongField(env, object, id_ptr, (jlong) (intptr_t) node.id);
        (*env)->SetLongField(env, object, tree_ptr, (jlong) (intptr_t) node.tree);
        /* the Java tree keeps the native tree alive as long as a node of it is reachable, as the jar's nodes do */
        (*env)->SetObjectField(env, object, tree_field, tree);
        (*env)->SetObjectArrayElement(env, node_array, (jsize) k, object);
        (*env)->DeleteLocalRef(env, object);
    }
    result = (*env)->NewObjectArray(env, 2, (*env)->FindClass(env, "java/lang/Object"), NULL);
    if (result) {
        (*env)->SetObjectArrayElement(env, result, 0, int_array);
        (*env)->SetObjectArrayElement(env, result, 1, node_array);
    }
done:
    free(ints.data);
    free(nodes.data);
    return result;
}
