#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: the integer-option form, fixed. */
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

/* sqlite3_config is variadic too: the one-integer form (before SQLite initializes, else SQLITE_MISUSE). */
static inline int csqlite_config_int(int op, int value) {
    return sqlite3_config(op, value);
}

/* SQLITE_CONFIG_PAGECACHE's form: a buffer (or none), the size of a slot, and the number of slots. */
static inline int csqlite_config_page_cache(void *buffer, int slotSize, int slots) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, buffer, slotSize, slots);
}
