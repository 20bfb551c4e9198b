/* The Python probe result (docs/schema.md "Python probe result", written by
 * src/python/probe.py): the fields the gate, evidence and setup read. Its
 * steps (tensor_op, surgery, bitsandbytes.nf4, model) have the native probe
 * result's shape without the id (schema/probe.h). The facts document
 * carries the versions-mode result under "python" (schema/facts_fields.h).
 * The constraints probe (src/python/constraints_probe.py) has the same
 * "python" member (read it with the python_* rows here) and its packages
 * (cprobe below). */
#ifndef JG_SCHEMA_PYPROBE_H
#define JG_SCHEMA_PYPROBE_H
#include "schema/doc.h"

#define JG_PYPROBE_FIELDS(X, P)                                                                  \
    X(P, error, "error", STR)                                                                     \
    X(P, python_version, "python.version", STR)                                                   \
    X(P, python_machine, "python.machine", STR)                                                   \
    X(P, torch, "torch", OBJ)                                                                     \
    X(P, torch_imported, "torch.imported", BOOL)                                                  \
    X(P, torch_found, "torch.found", BOOL)                                                        \
    X(P, torch_error, "torch.error", STR)                                                         \
    X(P, torch_version, "torch.version", STR)                                                     \
    X(P, torch_cuda, "torch.cuda", STR)                                                           \
    X(P, torch_cuda_available, "torch.cuda_available", BOOL)                                      \
    X(P, torch_device_count, "torch.device_count", INT)                                           \
    X(P, torch_device_name, "torch.device_name", STR)                                             \
    X(P, torch_capability, "torch.capability", STR)                                               \
    X(P, torch_integrated, "torch.integrated", BOOL)                                              \
    X(P, torch_import_s, "torch.import_s", NUM)                                                   \
    X(P, packages, "packages", OBJ)                                                               \
    X(P, pkg_torchvision, "packages.torchvision", STR)                                            \
    X(P, pkg_torchaudio, "packages.torchaudio", STR)                                              \
    X(P, tensor_op, "tensor_op", OBJ)                                                             \
    X(P, surgery, "surgery", OBJ)                                                                 \
    X(P, bnb, "bitsandbytes", OBJ)                                                                \
    X(P, bnb_installed, "bitsandbytes.installed", BOOL)                                           \
    X(P, bnb_version, "bitsandbytes.version", STR)                                                \
    X(P, bnb_nf4, "bitsandbytes.nf4", OBJ)                                                        \
    X(P, model, "model", OBJ)
JG_DOC_DECLARE(pyprobe, JG_PYPROBE_FIELDS);

/* The constraints probe result: one entry per package under "packages". */
#define JG_CPROBE_FIELDS(X, P)                                                                   \
    X(P, error, "error", STR)                                                                     \
    X(P, packages, "packages", OBJ)                                                               \
    X(P, torch, "packages.torch", OBJ)                                                            \
    X(P, torch_version, "packages.torch.version", STR)                                            \
    X(P, torch_has_record, "packages.torch.has_record", BOOL)                                     \
    X(P, torch_cuda_libraries, "packages.torch.cuda_libraries", STRS)                             \
    X(P, torch_nvidia_requires, "packages.torch.nvidia_requires", STRS)                           \
    X(P, nvidia_wheels, "nvidia_wheels", OBJ)
JG_DOC_DECLARE(cprobe, JG_CPROBE_FIELDS);

#endif
