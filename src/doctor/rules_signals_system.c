/* Signal rules of the system around the CUDA stack: package managers (apt and NVIDIA's
 * repository keys), image registries, the network, TLS and the disk. They are configuration
 * findings, most medium: the message proves the fault, not that it is why CUDA fails (the row
 * type, where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_system[] = {
    /* the system around the stack (registries, disks, apt, the network): each is the user's
     * configuration, and each only matters when it stopped the install or the run */
    {JG_SIG_image_not_pullable, "registry",
     {"configuration.image-not-pullable", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the container image cannot be pulled: its name or tag does not exist in the registry, "
      "it needs a login, or the registry name is not qualified",
      "check the exact image:tag on the registry's page (docker login if private); give the "
      "full name (nvcr.io/..., docker.io/...)"},
     "L4T images are tagged by L4T release (r36.4.0 ...): pick the tag of the device's release",
     JG_PT_ANY, JG_AT_NONE, {0}},
    /* docker/docs#20788 */
    {JG_SIG_registry_rate_limited, "registry",
     {"configuration.registry-rate-limited", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "Docker Hub refused the pull: the anonymous pull rate limit was reached",
      "docker login (higher limits), wait, or pull from a mirror"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* moby/moby#32811 */
    {JG_SIG_disk_full, "the system",
     {"configuration.disk-full", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a disk (or the docker / pip cache on it) is full",
      "df -h shows which; free space (docker system prune, pip cache purge) or move the cache "
      "and images to a larger disk"},
     "a Jetson's eMMC is small: keep docker's data-root and caches on an NVMe or SD card",
     JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/nvidia-docker#972, NVIDIA/nvidia-container-toolkit#97 */
    {JG_SIG_apt_package_not_found, "apt",
     {"configuration.apt-package-not-found", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "apt has no such package for this release: a repository is missing or names another "
      "distribution, or the package was renamed",
      "sudo apt update; check the repository lines in /etc/apt/sources.list.d name this "
      "release; search the current name (apt-cache search)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_apt_unmet_dependencies, "apt",
     {"configuration.apt-unmet-dependencies", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "apt cannot satisfy the packages' dependencies: repositories of different releases or "
      "versions are mixed, or packages are held",
      "apt-cache policy <package> shows where each version comes from; remove the repository "
      "that does not fit, or install the versions that belong together"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/cuda-repo-management#1 */
    {JG_SIG_apt_hash_mismatch, "apt",
     {"configuration.apt-hash-mismatch", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "apt downloaded index files that do not match their hashes (a mirror mid-update, a "
      "proxy or a cache)",
      "sudo rm -rf /var/lib/apt/lists/* && sudo apt update; try again later or another mirror"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/cuda-repo-management#4: NVIDIA's CUDA repository key changed in April 2022 */
    {JG_SIG_cuda_repo_key_rotated, "apt",
     {"configuration.cuda-repo-key-rotated", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
      "the CUDA apt repository is signed with NVIDIA's new key, which this system does not have",
      "install NVIDIA's cuda-keyring package for this distribution and remove the old key "
      "(NVIDIA's note on the key rotation says how)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_apt_repo_key_missing, "apt",
     {"configuration.apt-repo-key-missing", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a repository's signing key is not installed, so apt does not trust it",
      "install the repository's keyring (its install page names it) and refer to it with "
      "signed-by in the sources entry"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_apt_duplicate_source, "apt",
     {"configuration.apt-duplicate-source", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the same repository is listed twice with different signing keys",
      "keep one entry for it in /etc/apt/sources.list.d (grep -r the URL) and one signed-by"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_apt_lock_held, "apt",
     {"configuration.apt-lock-held", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "another apt or dpkg (often the automatic updates) holds the package lock",
      "wait for it to finish (ps aux | grep -i apt), then run the command again"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_network_unreachable, "network",
     {"configuration.network-unreachable", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the install could not reach the server: name resolution failed or the connection timed "
      "out (no network, DNS or a proxy)",
      "check DNS and the proxy (HTTPS_PROXY, pip's --proxy); in docker build pass the network "
      "settings; retry with a longer timeout (pip --timeout 120)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_tls_verification_failed, "network",
     {"configuration.tls-verification-failed", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a TLS certificate could not be verified: a proxy that re-signs traffic, a missing CA "
      "bundle, or a wrong system clock",
      "check the date (a board whose clock was never set is in the past), install "
      "ca-certificates, or give the proxy's CA (REQUESTS_CA_BUNDLE, pip --cert)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_system_count =
    sizeof jg_signal_rules_system / sizeof jg_signal_rules_system[0];
