/* Typed access to the observed document (schema/observed_fields.h): field
 * tables (schema/doc.h) with the doctor's spellings. The member is named
 * without quotes and its type is part of the macro:
 *   JG_OBS_LIST(obs, images)         compiles,
 *   JG_OBS_LIST(obs, imagse)         does not (no such member),
 *   JG_OBS_STR(obs, driver_version)  does not (an INT);
 * signals are enumerators: jg_obs_signal(obs, JG_SIG_numpy_abi). */
#ifndef JG_SCHEMA_OBSERVED_H
#define JG_SCHEMA_OBSERVED_H
#include <jansson.h>

#include "schema/doc.h"
#include "schema/observed_fields.h"

JG_DOC_DECLARE(obs, JG_OBSERVED_FIELDS);
JG_DOC_DECLARE(docker, JG_DOCKER_FIELDS);
JG_DOC_DECLARE(item, JG_OBS_ITEM_FIELDS);

typedef enum jg_signal {
#define JG__SIG_ID(name) JG_SIG_##name,
    JG_SIGNALS(JG__SIG_ID)
#undef JG__SIG_ID
    JG_SIG_COUNT
} jg_signal;

/* The signal's key in observed.signals ("numpy_abi"). */
const char *jg_signal_name(jg_signal s);
/* observed.signals.<s>: the item of the line that showed it, or NULL. */
const json_t *jg_obs_signal(const json_t *obs, jg_signal s);

/* observed (LIST: an ARR row); a STR written from NULL is not set */
#define JG_OBS_GET(o, name) JG_NODE(obs, o, name)
#define JG_OBS_STR(o, name) JG_STR(obs, o, name)
#define JG_OBS_INT(o, name, dflt) JG_INT(obs, o, name, dflt)
#define JG_OBS_LIST(o, name) JG_ARR(obs, o, name)
#define JG_OBS_OBJ(o, name) JG_OBJ(obs, o, name)
#define JG_OBS_SET_STR(o, name, s) JG_SET_AS(obs, o, name, STR, json_string(s))
#define JG_OBS_SET_INT(o, name, i) JG_SET_INT(obs, o, name, i)
#define JG_OBS_SET_OBJ(o, name, v) JG_SET_AS(obs, o, name, OBJ, v)
#define JG_OBS_SET_LIST(o, name, a) JG_SET_AS(obs, o, name, ARR, a)
/* observed.docker */
#define JG_DOCKER_BOOL(d, name) JG_BOOL(docker, d, name)
#define JG_DOCKER_OBJ(d, name) JG_OBJ(docker, d, name)
#define JG_DOCKER_SET_BOOL(d, name, b) JG_SET_BOOL(docker, d, name, b)
#define JG_DOCKER_SET_OBJ(d, name, v) JG_SET_AS(docker, d, name, OBJ, v)
/* an item */
#define JG_ITEM_STR(it, name) JG_STR(item, it, name)
#define JG_ITEM_INT(it, name, dflt) JG_INT(item, it, name, dflt)
#define JG_ITEM_BOOL(it, name) JG_BOOL(item, it, name)
#define JG_ITEM_GET(it, name) JG_NODE(item, it, name)
#define JG_ITEM_SET_STR(it, name, s) JG_SET_AS(item, it, name, STR, json_string(s))
#define JG_ITEM_SET_INT(it, name, i) JG_SET_INT(item, it, name, i)
#define JG_ITEM_SET_BOOL(it, name, b) JG_SET_BOOL(item, it, name, b)

#endif
