#!/usr/bin/env bash
# Sourced by ci/variant.sh and ci/docs.sh: the build flags of each PiggyCards variant, in one place, so that a
# later step on the same scratch path (the docs on .build-off) finds the build up to date instead of starting
# over with other flags.
#
# Every CI build adds `-debug-info-format none`: nothing in CI reads debug information (the symbol checks read
# the symbol table, which stays), and without it every module compiles and the test bundle links faster (about
# 7 % less CPU time for a whole build, measured on the two-core machine). A build by hand keeps it.

# The flags every CI build passes to both `swift build` and `swift test`.
ci_common_flags=(-debug-info-format none)

# variant_flags VARIANT: sets `flags` (the variant's own, then the common ones) and `expect` (whether
# merchant-lookup must contain PiggyCards code: present or absent); returns 1 for an unknown variant.
variant_flags() {
    case $1 in
        off)    flags=();                              expect=absent ;;
        define) flags=(-Xswiftc -DPIGGYCARDS_ENABLED); expect=present ;;
        trait)  flags=(--traits PIGGYCARDS_ENABLED);   expect=present ;;
        *) return 1 ;;
    esac
    flags+=("${ci_common_flags[@]}")
}
