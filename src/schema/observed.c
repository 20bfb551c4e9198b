#include "schema/observed.h"

JG_DOC_DEFINE(obs, JG_OBSERVED_FIELDS);
JG_DOC_DEFINE(docker, JG_DOCKER_FIELDS);
JG_DOC_DEFINE(item, JG_OBS_ITEM_FIELDS);

static const char *const signal_names[JG_SIG_COUNT] = {
#define JG__SIG_NAME(name) [JG_SIG_##name] = #name,
    JG_SIGNALS(JG__SIG_NAME)
#undef JG__SIG_NAME
};

const char *jg_signal_name(jg_signal s)
{
    return (unsigned)s < JG_SIG_COUNT ? signal_names[s] : NULL;
}

const json_t *jg_obs_signal(const json_t *obs, jg_signal s)
{
    const char *name = jg_signal_name(s);
    return name ? json_object_get(JG_OBS_OBJ(obs, signals), name) : NULL;
}
