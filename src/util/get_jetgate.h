/* How a reporter or a project's user gets jetgate without building it, in one
 * line: every `triage --reply`, the support document and README.md say it
 * (tests/cli/get_jetgate.sh checks each). The artefacts
 * are what scripts/release.sh makes. */
#ifndef JG_UTIL_GET_JETGATE_H
#define JG_UTIL_GET_JETGATE_H

#define JG_GET_JETGATE                                                                         \
    "Get jetgate (no build): from a jetgate release, the wheel "                               \
    "(`pip install jetgate-VERSION-py3-none-manylinux_2_27_aarch64.whl`, then `jetgate` or "   \
    "`python3 -m jetgate`), the binary `jetgate-VERSION-linux-aarch64` or "                   \
    "`sudo dpkg -i jetgate_VERSION_arm64.deb`; check each with "                              \
    "`sha256sum --ignore-missing -c SHA256SUMS`."

#endif
