# src/guest/setup.sh - what `vmscan-viz real` needs besides itself, made
# once in its cache folder (the program carries this script, and runs it
# with sh -c):
#
#	setup.sh packages PKG...	 install what is missing, or say the apt-get line
#	setup.sh kernel DIR KPKG MODS... DIR/vmlinux, DIR/ko/MOD.ko from Debian's KPKG, not installed
#	setup.sh guest DIR KDIR MODS...	 DIR/initrd.cpio: busybox, the modules, /init,
#					 the replayer built static from DIR/src
#	setup.sh image DIR SWAP		 DIR/disk.img from DIR/root (ext4), DIR/swap.img
#
# Everything is written under a temporary name and renamed when whole, so
# an interrupted setup leaves nothing that looks done.  Exit 3: something
# the user must do, said on stderr with the command that does it.
set -eu
PATH=$PATH:/usr/sbin:/sbin
say() { echo "vmscan-viz real: $*" >&2; }

packages() {
	need=""
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need="$need $p"
	done
	[ -z "$need" ] && return 0
	if ! command -v apt-get >/dev/null; then
		say "needs the Debian packages$need (or their equivalents): install them and run it again"
		exit 3
	fi
	if [ "$(id -u)" = 0 ]; then
		SUDO=""
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
		SUDO=sudo
	else
		say "needs the Debian packages$need; run:"
		echo "  sudo apt-get install -y --no-install-recommends$need" >&2
		exit 3
	fi
	say "installing$need (first use)"
	if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
		--no-install-recommends $need >/dev/null; }; then
		say "could not install$need; run: sudo apt-get install -y --no-install-recommends$need"
		exit 3
	fi
}

# The uncompressed kernel cut out of the bzImage's xz payload: booted
# through its PVH entry, it skips the decompression that takes half the
# boot under TCG.
kernel() {
	dir=$1 pkg=$2
	shift 2
	tmp="$dir.tmp.$$"
	trap 'rm -rf "$tmp"' EXIT INT TERM
	rm -rf "$tmp"
	mkdir -p "$tmp"
	free=$(df -Pk "$tmp" | awk 'NR == 2 { print $4 }')
	if [ "${free:-0}" -lt 400000 ]; then
		say "needs 400 MB free in $(dirname "$dir") for the kernel (has $((${free:-0} / 1024)) MB);"
		say "free some, or set VMSCAN_REAL_CACHE to a folder on another disk"
		exit 3
	fi
	say "downloading $pkg (first use; unpacked in $dir, not installed)"
	if ! (cd "$tmp" && apt-get download "$pkg" >/dev/null 2>&1); then
		say "could not download $pkg: is it in the archive (apt-cache policy $pkg)?"
		say "run: apt-get update, or choose another with VMSCAN_REAL_KERNEL=linux-image-6.1.0-NN-amd64"
		exit 3
	fi
	deb=$(ls "$tmp"/*.deb)
	dpkg-deb --fsys-tarfile "$deb" | (cd "$tmp" && tar -x ./boot ./lib/modules)
	rm -f "$deb"
	bz=$(ls "$tmp"/boot/vmlinuz-*)
	off=$(LC_ALL=C grep -obUaP '\xFD7zXZ' "$bz" | head -n 1 | cut -d: -f1)
	[ -n "$off" ] || { say "no xz payload in $bz"; exit 3; }
	tail -c +$((off + 1)) "$bz" | xz -dc --single-stream >"$tmp/vmlinux"
	mkdir -p "$tmp/ko"
	for m in "$@"; do
		ko=$(find "$tmp/lib/modules" -name "$m.ko" | head -n 1)
		[ -n "$ko" ] || { say "$pkg has no module $m"; exit 3; }
		cp "$ko" "$tmp/ko/"
	done
	cp "$tmp"/boot/config-* "$tmp/config"
	rm -rf "$tmp/boot" "$tmp/lib"
	rm -rf "$dir"
	mv "$tmp" "$dir"
	trap - EXIT INT TERM
}

guest() {
	dir=$1 kdir=$2
	shift 2
	tmp="$dir/tmp.$$"
	trap 'rm -rf "$tmp"' EXIT INT TERM
	mkdir -p "$tmp/root/bin" "$tmp/root/lib/modules"
	gcc -static -O2 -o "$tmp/root/replay" "$dir/src/guest/vmscan-viz-replay.c" "$dir/src/cli/real_ops.c"
	cp /bin/busybox "$tmp/root/bin/busybox"
	cp "$dir/src/guest/init" "$tmp/root/init"
	chmod 755 "$tmp/root/init"
	for m in "$@"; do cp "$kdir/ko/$m.ko" "$tmp/root/lib/modules/"; done
	echo "$@" >"$tmp/root/modules"
	(cd "$tmp/root" && find . | cpio -o -H newc --quiet) >"$tmp/initrd.cpio"
	cp "$tmp/root/replay" "$dir/vmscan-viz-replay"
	mv "$tmp/initrd.cpio" "$dir/initrd.cpio"
	rm -rf "$tmp"
	trap - EXIT INT TERM
}

# The files of the scenario on an ext4 image, sized to hold them; swap
# on a second image with its header written here.
image() {
	dir=$1 swap=$2
	kb=$(du -sk "$dir/root" | cut -f1)
	trap 'rm -f "$dir/disk.tmp" "$dir/swap.tmp"' EXIT INT TERM
	mke2fs -q -F -t ext4 -m 0 -d "$dir/root" "$dir/disk.tmp" $((kb + kb / 8 + 4096))k >/dev/null
	if [ "$swap" -gt 0 ]; then
		truncate -s $(((swap + 1) * 4096)) "$dir/swap.tmp"
		mkswap -q "$dir/swap.tmp" >/dev/null
		mv "$dir/swap.tmp" "$dir/swap.img"
	fi
	mv "$dir/disk.tmp" "$dir/disk.img"
	rm -rf "$dir/root"
	trap - EXIT INT TERM
}

what=$1
shift
"$what" "$@"
