/* Typed access to the observed document (schema/observed_fields.h). The
 * member is named without quotes and its type is part of the macro:
 *   JG_OBS_LIST(obs, images)         compiles,
 *   JG_OBS_LIST(obs, imagse)         does not (no such member),
 *   JG_OBS_STR(obs, driver_version)  does not (an INT);
 * signals are enumerators: jg_obs_signal(obs, JG_SIG_numpy_abi). */
#ifndef JG_SCHEMA_OBSERVED_H
#define JG_SCHEMA_OBSERVED_H
#include <jansson.h>

#include "schema/keys.h"
#include "schema/observed_fields.h"

JG_KEYS_DECLARE(JG_OF, JG_OBSERVED_FIELDS);
JG_KEYS_DECLARE(JG_OD, JG_DOCKER_FIELDS);
JG_KEYS_DECLARE(JG_OI, JG_OBS_ITEM_FIELDS);

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

/* observed */
#define JG_OBS_GET(obs, name) JG_KEY_GET(JG_OF, obs, name)
#define JG_OBS_STR(obs, name) JG_KEY_STR(JG_OF, obs, name)
#define JG_OBS_INT(obs, name, dflt) JG_KEY_INT(JG_OF, obs, name, dflt)
#define JG_OBS_LIST(obs, name) JG_KEY_LIST(JG_OF, obs, name)
#define JG_OBS_OBJ(obs, name) JG_KEY_OBJ(JG_OF, obs, name)
#define JG_OBS_SET_STR(obs, name, s) JG_KEY_SET_STR(JG_OF, obs, name, s)
#define JG_OBS_SET_INT(obs, name, i) JG_KEY_SET_INT(JG_OF, obs, name, i)
#define JG_OBS_SET_OBJ(obs, name, o) JG_KEY_SET_OBJ(JG_OF, obs, name, o)
/* observed.docker */
#define JG_DOCKER_BOOL(d, name) JG_KEY_BOOL(JG_OD, d, name)
#define JG_DOCKER_OBJ(d, name) JG_KEY_OBJ(JG_OD, d, name)
#define JG_DOCKER_SET_BOOL(d, name, b) JG_KEY_SET_BOOL(JG_OD, d, name, b)
#define JG_DOCKER_SET_OBJ(d, name, o) JG_KEY_SET_OBJ(JG_OD, d, name, o)
/* an item */
#define JG_ITEM_STR(it, name) JG_KEY_STR(JG_OI, it, name)
#define JG_ITEM_INT(it, name, dflt) JG_KEY_INT(JG_OI, it, name, dflt)
#define JG_ITEM_BOOL(it, name) JG_KEY_BOOL(JG_OI, it, name)
#define JG_ITEM_GET(it, name) JG_KEY_GET(JG_OI, it, name)
#define JG_ITEM_SET_STR(it, name, s) JG_KEY_SET_STR(JG_OI, it, name, s)
#define JG_ITEM_SET_INT(it, name, i) JG_KEY_SET_INT(JG_OI, it, name, i)
#define JG_ITEM_SET_BOOL(it, name, b) JG_KEY_SET_BOOL(JG_OI, it, name, b)

#endif
