# Shared by .ci/ffi.sh and .ci/apps.sh (source it; it defines functions only, plus the cache
# paths). Caches live outside the clone so later runs reuse them:
#   $SCOPA_CACHE (default /var/cache/scopa)/npm            kotlinc from the npm kotlin-compiler
#   $SCOPA_CACHE/swift-chroot (+ .scopa-swift-ready)        Debian trixie with swiftc 6
# Every user of the chroot takes the lock $SCOPA_CACHE/swift-chroot.lock.

cache="${SCOPA_CACHE:-/var/cache/scopa}"
chroot_dir="$cache/swift-chroot"
chroot_marker="$chroot_dir/.scopa-swift-ready"
chroot_lock="$cache/swift-chroot.lock"
kotlin_version="2.4.20"
kotlin_dir="$cache/npm/node_modules/kotlin-compiler"
kotlinc="$kotlin_dir/bin/kotlinc"
mkdir -p "$cache"

# apt_install_missing PKG:TEST ... — installs each PKG whose TEST (a shell test) fails.
apt_install_missing() {
    local need=() spec
    for spec in "$@"; do
        if ! eval "${spec#*:}"; then need+=("${spec%%:*}"); fi
    done
    if [ ${#need[@]} -gt 0 ]; then
        echo "apt-get install ${need[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
    else
        echo "already installed: ${*%%:*}"
    fi
}

# unmount_chroot DIR — unmounts DIR/proc and DIR/dev if mounted.
unmount_chroot() {
    local d="$1" m
    for m in "$d/proc" "$d/dev"; do
        if mountpoint -q "$m" 2>/dev/null; then umount "$m" || umount -l "$m"; fi
    done
}

# setup_swift_chroot — builds the trixie chroot with swiftc once (marker file); call it
# holding the lock.
setup_swift_chroot() {
    if [ -f "$chroot_marker" ]; then
        echo "swift chroot: reusing $chroot_dir ($(head -n 1 "$chroot_marker"))"
        return 0
    fi
    local tmp="$chroot_dir.partial" version
    unmount_chroot "$tmp"
    unmount_chroot "$chroot_dir"
    rm -rf --one-file-system "$tmp" "$chroot_dir"
    echo "swift chroot: debootstrap --variant=minbase trixie $tmp"
    debootstrap --variant=minbase trixie "$tmp"
    echo "swift chroot: apt-get install swiftlang libc6-dev libstdc++-14-dev"
    chroot "$tmp" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive chroot "$tmp" apt-get install -y -qq --no-install-recommends \
        swiftlang libc6-dev libstdc++-14-dev
    chroot "$tmp" apt-get clean
    # swiftc finds its libraries through $ORIGIN, which needs /proc.
    mount -t proc proc "$tmp/proc"
    version="$(chroot "$tmp" swiftc --version 2>&1 | head -n 1)" || { unmount_chroot "$tmp"; return 1; }
    unmount_chroot "$tmp"
    mv "$tmp" "$chroot_dir"
    echo "$version" > "$chroot_marker"
    echo "swift chroot: ready: $version"
}

# start_swift_chroot LOG — sets the chroot up in the background (it takes minutes the
# first time); sets chroot_pid. Wait for it with wait_swift_chroot LOG.
start_swift_chroot() {
    (
        exec 9>"$chroot_lock"
        flock 9
        setup_swift_chroot
    ) > "$1" 2>&1 &
    chroot_pid=$!
}

wait_swift_chroot() {
    if ! wait "$chroot_pid"; then
        cat "$1"
        echo "setting up the swift chroot failed" >&2
        return 1
    fi
    cat "$1"
}

# enter_swift_chroot — takes the lock and mounts /proc and /dev in the chroot until exit
# (or leave_swift_chroot).
enter_swift_chroot() {
    exec 9>"$chroot_lock"
    flock 9
    trap 'unmount_chroot "$chroot_dir"' EXIT
    trap 'exit 130' INT TERM
    unmount_chroot "$chroot_dir"
    mount -t proc proc "$chroot_dir/proc"
    mount --bind /dev "$chroot_dir/dev"
}

leave_swift_chroot() {
    unmount_chroot "$chroot_dir"
    trap - EXIT
}

# install_kotlinc — kotlinc from the npm package kotlin-compiler, once, into the cache.
install_kotlinc() {
    if [ ! -x "$kotlinc" ] || ! grep -q "\"version\": \"$kotlin_version\"" "$kotlin_dir/package.json"; then
        npm install --no-audit --no-fund --prefix "$cache/npm" "kotlin-compiler@$kotlin_version"
    fi
    echo "kotlinc: $kotlinc ($(cat "$kotlin_dir/build.txt" 2>/dev/null || echo "$kotlin_version"))"
}
