/* A read-only digest of one facts document: the values the rules compare,
 * pulled out once with their unknown-ness kept (JG_UNKNOWN is never "no").
 * Pure: reads only the JSON it is given, and only through the field tables
 * (schema/facts.h, schema/observed.h). */
#ifndef JG_DOCTOR_VIEW_H
#define JG_DOCTOR_VIEW_H
#include <jansson.h>

#include "facts/tables.h"
#include "schema/facts.h"
#include "schema/observed.h"

typedef enum { JG_UNKNOWN = -1, JG_NO = 0, JG_YES = 1 } jg_tri;

/* A pasted image reference whose tag named an L4T release (":r35.4.1"): the
 * triage recogniser wrote its l4t, the view reads it once into a number for
 * every rule that compares it (issue 25: a value parsed once). */
typedef struct jg_image_l4t {
    const json_t *item; /* the observed images[] item (ref, l4t, line): evidence */
    const char *ref;    /* the reference as written; NULL when the item has none */
    int major;          /* 35 of "35.4.1" */
} jg_image_l4t;
#define JG_VIEW_IMAGE_CAP 32 /* the observed lists' cap (JG_REPORT_LIST_CAP) */

typedef struct jg_view {
    const json_t *facts;
    const char *arch;          /* host.arch */
    jg_tri is_jetson;          /* jetson.is_jetson */
    int l4t_major;             /* 0 = unknown */
    const char *l4t_version;
    int jp_major;              /* JetPack major: jetpack.version, else from the L4T major */
    const char *jp_version;
    const char *module_cc;     /* module.compute_capability */
    const char *soc0_family;
    jg_tri in_container, nvidia_runtime;
    jg_tri toolkit_present;    /* cuda.toolkit ok / missing */
    const char *toolkit;
    int cudnn_major;           /* 0 = unknown */
    jg_tri jetpack_package;    /* dpkg nvidia-jetpack installed */
    /* driver probe (cuda_driver) */
    const char *drv_status;    /* NULL = not probed */
    int drv_code;              /* -1 = none */
    int drv_version;           /* e.g. 12060; 0 = unknown */
    jg_tri drv_stub;
    const char *gpu_name, *gpu_cc;
    const char *native_tensor_op; /* cuda_tensor_op.status */
    /* Python probe (python) */
    jg_tri torch_imported;
    const char *torch_version;
    jg_tri torch_has_cuda;     /* torch.version.cuda: NO when None, UNKNOWN when not reported */
    const char *torch_cuda;
    char torch_cuda_from_tag[16]; /* "12.8" from a "+cu128" version when torch.version.cuda is not known */
    jg_tri torch_available;
    const json_t *torch_arch_list;
    const char *torch_tensor_op;
    const char *numpy;
    jg_tri bnb_installed;
    const char *bnb_version, *bnb_nf4;
    const json_t *observed;    /* triage: what the pasted text showed (may be NULL) */
    jg_image_l4t image_l4t[JG_VIEW_IMAGE_CAP]; /* observed images naming an L4T, in order */
    size_t n_image_l4t;
} jg_view;

void jg_view_init(jg_view *v, const json_t *facts);

/* "12.6" -> 12060 (the cuDriverGetVersion form); 0 when unparsable. */
int jg_cuda_version_int(const char *v);
/* jg_jp_major_for_l4t, jg_jp_driver_version, jg_jp_major_for_toolkit: facts/tables.h */

/* True when a CUDA error with this code was seen (driver probe or pasted text). */
const json_t *jg_view_cuda_error(const jg_view *v, int code);
/* A signal from the pasted text (observed.signals.<id>), or NULL. */
const json_t *jg_view_signal(const jg_view *v, jg_signal s);

#endif
