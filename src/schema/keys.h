/* An older spelling of four flat field tables, kept (as aliases of
 * schema/doc.h, with no logic of their own) for the doctor's rule and
 * recogniser files that still name a member's key with it:
 *   JG_KEY(JG_OF, docker)          is  JG_PATH(obs, docker),
 *   JG_KEY_SET(JG_OI, it, code, v) is  JG_SET(item, it, code, v).
 * New code names the table (schema/observed.h, schema/facts.h). */
#ifndef JG_SCHEMA_KEYS_H
#define JG_SCHEMA_KEYS_H
#include "schema/doc.h"

/* The old short name -> the table's. */
#define JG__KEYS_JG_OF obs
#define JG__KEYS_JG_OD docker
#define JG__KEYS_JG_OI item
#define JG__KEYS_JG_GN gpunode

#define JG_KEY(T, name) JG_PATH(JG__KEYS_##T, name)
#define JG_KEY_SET(T, o, name, value) JG_SET(JG__KEYS_##T, o, name, value)

#endif
