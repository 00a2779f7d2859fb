#!/usr/bin/env bash
# Usage: ci/bare.sh COMMAND [ARGUMENTS...]
#
# Runs COMMAND as on a bare machine (the project's image: the Swift toolchain and the distribution's runtime
# libraries, no libcurl or OpenSSL development files): the headers of libcurl and OpenSSL, where this machine
# has them, are hidden for COMMAND and everything it starts, by an empty folder mounted over each in a mount
# namespace of its own (`unshare -m`, root only; nothing changes outside it). The build must not need them:
# libcurl and libcrypto are opened with dlopen, and their few declarations are the package's own.
# SQLite's and zlib's headers (libsqlite3-dev, zlib1g-dev: on the image) stay visible: the build needs them.
#
# Prints one line saying what was hidden. When a header is visible and cannot be hidden (not root, no
# unshare), COMMAND runs anyway and BARE_MACHINE=no is exported to it (ci/first-command.sh then says its proof
# did not run); with CI set, that is a failure (exit 1) instead, as CI must prove the claim, unless
# BARE_PROOF=optional (the GitHub jobs, in containers of the Swift images, which have the headers).
set -euo pipefail

[[ $# -gt 0 ]] || { echo "usage: $0 COMMAND [ARGUMENTS...]" >&2; exit 2; }

if [[ ${DASHSPEND_BARE_INSIDE:-} == 1 ]]; then
    # Inside the namespace: mount an empty folder over each header folder, then run the command.
    empty=$(mktemp -d)
    for folder in "$@"; do
        [[ $folder == -- ]] && break
        mount --bind "$empty" "$folder"
    done
    while [[ $# -gt 0 && $1 != -- ]]; do shift; done
    shift
    export BARE_MACHINE=yes
    unset DASHSPEND_BARE_INSIDE
    exec "$@"
fi

visible=()
for folder in /usr/include/curl /usr/include/*-linux-gnu/curl /usr/include/openssl /usr/include/*-linux-gnu/openssl; do
    [[ -d $folder ]] && visible+=("$folder")
done

if [[ ${#visible[@]} -eq 0 ]]; then
    echo "bare.sh: no libcurl or OpenSSL headers on this machine: nothing to hide"
    export BARE_MACHINE=yes
    exec "$@"
fi

if [[ $(id -u) -eq 0 ]] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
    echo "bare.sh: hiding ${visible[*]} (an empty folder mounted over each, in a mount namespace of its own)"
    DASHSPEND_BARE_INSIDE=1 exec unshare -m --propagation private bash "${BASH_SOURCE[0]}" "${visible[@]}" -- "$@"
fi

if [[ -n ${CI:-} && ${BARE_PROOF:-required} != optional ]]; then
    echo "bare.sh: ${visible[*]} are visible and cannot be hidden here (needs root and unshare): CI must prove the build needs no such headers" >&2
    exit 1
fi
echo "bare.sh: ${visible[*]} are visible and cannot be hidden here (needs root and unshare): the build is not proven bare"
export BARE_MACHINE=no
exec "$@"
